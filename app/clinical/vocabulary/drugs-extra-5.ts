/**
 * Drug directory extension, part 5: infectious disease — antibacterials (penicillins,
 * cephalosporins, carbapenems, macrolides, fluoroquinolones, tetracyclines, aminoglycosides and
 * others), tuberculosis drugs, antivirals (HIV, herpes viruses, influenza, COVID-19, RSV, smallpox)
 * and antiparasitics that the core directory (drugs.ts) does not list. Conventions: see
 * drugs-extra-1.ts.
 *
 * HIV abbreviations are aliases only where a fax uses them for nothing else ("ABC", "ATV", "RAL",
 * "INH" and "EMB" are left out; "FTC", "EFV", "RPV", "DRV", "AZT" are kept, in capitals).
 *
 * Sources: FDA Orange Book / NDC Directory; DHHS adult antiretroviral guidelines (2024 drug
 * tables); IDSA guidance; ATS/CDC/IDSA TB treatment guideline.
 */
import type { DrugEntry } from "./drugs";

const D = (generic: string, brands: string[], classes: string[], extra: Partial<DrugEntry> = {}): DrugEntry => ({ generic, brands, classes, ...extra });

export const EXTRA_DRUGS_5: DrugEntry[] = [
  // ── penicillins
  D("amoxicillin/clavulanate", ["augmentin", "augmentin xr"], ["antibiotic"], {
    aliases: ["amoxicillin-clavulanic acid", "amoxicillin/clavulanic acid", "amox-clav", "amox/clav"],
  }),
  D("penicillin V potassium", ["veetids"], ["antibiotic"], { aliases: ["penicillin vk", "pen vk", "penicillin v"] }),
  D("penicillin G benzathine", ["bicillin l-a", "bicillin c-r", "extencilline", "lentocilin"], ["antibiotic"], {
    aliases: ["benzathine penicillin g", "benzathine penicillin"],
  }),
  D("ampicillin", [], ["antibiotic"]),
  D("dicloxacillin", [], ["antibiotic"]),
  // ── cephalosporins
  D("cephalexin", ["keflex", "daxbia"], ["antibiotic"]),
  D("cefadroxil", [], ["antibiotic"]),
  D("cefazolin", ["ancef"], ["antibiotic"]),
  D("cefuroxime", ["ceftin", "zinacef"], ["antibiotic"]),
  D("cefprozil", [], ["antibiotic"]),
  D("cefdinir", ["omnicef"], ["antibiotic"]),
  D("cefpodoxime", [], ["antibiotic"]),
  D("cefixime", ["suprax"], ["antibiotic"]),
  D("ceftriaxone", ["rocephin"], ["antibiotic"]),
  D("ceftaroline", ["teflaro"], ["antibiotic"]),
  // ── carbapenems, monobactams, other beta-lactams
  D("ertapenem", ["invanz"], ["antibiotic"]),
  D("aztreonam", ["azactam", "cayston"], ["antibiotic"]),
  D("sulopenem etzadroxil/probenecid", ["orlynvah"], ["antibiotic"]),
  // ── macrolides and lincosamides
  D("azithromycin", ["zithromax", "z-pak", "zmax", "azasite"], ["antibiotic"], { aliases: ["ZPAK", "z-pack"] }),
  D("clarithromycin", ["biaxin", "biaxin xl"], ["antibiotic"]),
  D("erythromycin", ["ery-tab", "e.e.s.", "eryped", "erythrocin", "eryc", "pce dispertab", "ilotycin", "erygel", "akne-mycin"], ["antibiotic"]),
  D("clindamycin", ["cleocin", "cleocin t", "clindagel", "evoclin", "clindesse", "clinda-derm"], ["antibiotic"]),
  // ── fluoroquinolones
  D("levofloxacin", ["levaquin"], ["antibiotic"]),
  D("moxifloxacin", ["avelox", "vigamox", "moxeza"], ["antibiotic"]),
  D("ofloxacin", ["ocuflox", "floxin"], ["antibiotic"]),
  D("gatifloxacin", ["zymaxid", "zymar"], ["antibiotic"]),
  D("besifloxacin", ["besivance"], ["antibiotic"]),
  D("delafloxacin", ["baxdela"], ["antibiotic"]),
  // ── tetracyclines and glycylcyclines
  D("tetracycline", ["sumycin"], ["antibiotic"]),
  D("omadacycline", ["nuzyra"], ["antibiotic"]),
  // ── aminoglycosides, polymyxins, glycopeptides, oxazolidinones, other antibacterials
  D("gentamicin", ["garamycin", "gentak"], ["antibiotic"]),
  D("tobramycin", ["tobi podhaler", "bethkis", "kitabis pak", "tobrex", "nebcin"], ["antibiotic"], { aliases: ["TOBI"] }),
  D("amikacin", ["arikayce"], ["antibiotic"], { aliases: ["amikacin liposome inhalation suspension"] }),
  D("neomycin", [], ["antibiotic"]),
  D("daptomycin", ["cubicin", "cubicin rf"], ["antibiotic"]),
  D("dalbavancin", ["dalvance"], ["antibiotic"]),
  D("oritavancin", ["orbactiv", "kimyrsa"], ["antibiotic"]),
  D("tedizolid", ["sivextro"], ["antibiotic"]),
  D("lefamulin", ["xenleta"], ["antibiotic"]),
  D("sulfamethoxazole/trimethoprim", ["bactrim", "bactrim ds", "septra", "septra ds", "sulfatrim"], ["antibiotic"], {
    aliases: ["TMP-SMX", "SMX-TMP", "TMP/SMX", "SMX/TMP", "co-trimoxazole", "cotrimoxazole", "trimethoprim-sulfamethoxazole", "trimethoprim/sulfamethoxazole"],
  }),
  D("trimethoprim", ["primsol"], ["antibiotic"]),
  D("polymyxin B/trimethoprim", ["polytrim"], ["antibiotic"]),
  D("fosfomycin", ["monurol"], ["antibiotic"]),
  D("methenamine", ["hiprex", "urex"], ["antibiotic"], { aliases: ["methenamine hippurate", "methenamine mandelate"] }),
  D("gepotidacin", ["blujepa"], ["antibiotic"]),
  D("tinidazole", ["tindamax"], ["antibiotic"]),
  D("secnidazole", ["solosec"], ["antibiotic"]),
  D("bezlotoxumab", ["zinplava"], ["biologic"]),
  D("fecal microbiota, live", ["rebyota"], [], { aliases: ["fecal microbiota live-jslm"] }),
  D("fecal microbiota spores, live", ["vowst"], [], { aliases: ["fecal microbiota spores live-brpk"] }),
  // ── ophthalmic combination anti-infectives
  D("tobramycin/dexamethasone", ["tobradex", "tobradex st"], ["antibiotic"]),
  D("neomycin/polymyxin B/dexamethasone", ["maxitrol"], ["antibiotic"]),
  // ── tuberculosis and nontuberculous mycobacteria ("INH" is also "C1-INH" and a claim's "INH SUSP";
  // "EMB" is also endomyocardial biopsy)
  D("isoniazid", ["nydrazid"], []),
  D("rifampin", ["rifadin", "rimactane"], ["antibiotic"], { aliases: ["rifampicin"] }),
  D("rifabutin", ["mycobutin"], ["antibiotic"]),
  D("rifapentine", ["priftin"], ["antibiotic"]),
  D("pyrazinamide", [], [], { aliases: ["PZA"] }),
  D("ethambutol", ["myambutol"], []),
  D("bedaquiline", ["sirturo"], []),
  D("pretomanid", [], []),
  // ── HIV: nucleoside / nucleotide reverse transcriptase inhibitors
  D("abacavir", ["ziagen"], ["antiretroviral"]),
  D("abacavir/lamivudine", ["epzicom"], ["antiretroviral"]),
  D("zidovudine", ["retrovir"], ["antiretroviral"], { aliases: ["AZT"] }),
  D("lamivudine/zidovudine", ["combivir"], ["antiretroviral"]),
  D("emtricitabine", ["emtriva"], ["antiretroviral"], { aliases: ["FTC"] }),
  D("lamivudine/tenofovir disoproxil fumarate", ["cimduo", "temixys"], ["antiretroviral"]),
  // ── HIV: non-nucleoside reverse transcriptase inhibitors and their single-tablet regimens
  D("efavirenz", ["sustiva"], ["antiretroviral"], { aliases: ["EFV"] }),
  D("efavirenz/emtricitabine/tenofovir disoproxil fumarate", ["atripla"], ["antiretroviral"]),
  D("efavirenz/lamivudine/tenofovir disoproxil fumarate", ["symfi", "symfi lo"], ["antiretroviral"]),
  D("rilpivirine", ["edurant", "edurant ped"], ["antiretroviral"], { aliases: ["RPV"] }),
  D("emtricitabine/rilpivirine/tenofovir alafenamide", ["odefsey"], ["antiretroviral"]),
  D("emtricitabine/rilpivirine/tenofovir disoproxil fumarate", ["complera"], ["antiretroviral"]),
  D("doravirine", ["pifeltro"], ["antiretroviral"]),
  D("doravirine/lamivudine/tenofovir disoproxil fumarate", ["delstrigo"], ["antiretroviral"]),
  D("etravirine", ["intelence"], ["antiretroviral"]),
  D("nevirapine", ["viramune", "viramune xr"], ["antiretroviral"]),
  // ── HIV: protease inhibitors, boosters, integrase inhibitors, entry inhibitors
  D("darunavir", ["prezista"], ["antiretroviral"], { aliases: ["DRV"] }),
  D("darunavir/cobicistat", ["prezcobix"], ["antiretroviral"]),
  D("darunavir/cobicistat/emtricitabine/tenofovir alafenamide", ["symtuza"], ["antiretroviral"]),
  D("atazanavir", ["reyataz"], ["antiretroviral"]),
  D("atazanavir/cobicistat", ["evotaz"], ["antiretroviral"]),
  D("lopinavir/ritonavir", ["kaletra"], ["antiretroviral"]),
  D("ritonavir", ["norvir"], ["antiretroviral"]),
  D("cobicistat", ["tybost"], ["antiretroviral"]),
  D("raltegravir", ["isentress", "isentress hd"], ["antiretroviral"]),
  D("elvitegravir/cobicistat/emtricitabine/tenofovir alafenamide", ["genvoya"], ["antiretroviral"]),
  D("elvitegravir/cobicistat/emtricitabine/tenofovir disoproxil fumarate", ["stribild"], ["antiretroviral"]),
  D("maraviroc", ["selzentry"], ["antiretroviral"]),
  D("enfuvirtide", ["fuzeon"], ["antiretroviral"]),
  D("ibalizumab", ["trogarzo"], ["antiretroviral", "biologic"], { aliases: ["ibalizumab-uiyk"] }),
  D("fostemsavir", ["rukobia"], ["antiretroviral"]),
  // ── COVID-19, influenza, RSV
  D("nirmatrelvir/ritonavir", ["paxlovid"], []),
  D("molnupiravir", ["lagevrio"], []),
  D("remdesivir", ["veklury"], []),
  D("zanamivir", ["relenza"], []),
  D("baloxavir marboxil", ["xofluza"], [], { aliases: ["baloxavir"] }),
  D("clesrovimab", ["enflonsia"], ["biologic"], { aliases: ["clesrovimab-cfor"] }),
  // ── herpes viruses, CMV, smallpox
  D("acyclovir", ["zovirax", "sitavig"], []),
  D("famciclovir", ["famvir"], []),
  D("docosanol", ["abreva"], []),
  D("valganciclovir", ["valcyte"], []),
  D("letermovir", ["prevymis"], []),
  D("maribavir", ["livtencity"], []),
  D("tecovirimat", ["tpoxx"], []),
  D("trifluridine ophthalmic", ["viroptic"], []),
  // ── antimalarials and antiparasitics
  D("atovaquone", ["mepron"], []),
  D("atovaquone/proguanil", ["malarone"], ["antimalarial"]),
  D("mefloquine", [], ["antimalarial"]),
  D("primaquine", [], ["antimalarial"]),
  D("tafenoquine", ["krintafel", "arakoda"], ["antimalarial"]),
  D("artemether/lumefantrine", ["coartem"], ["antimalarial"]),
  D("quinine sulfate", ["qualaquin"], ["antimalarial"], { aliases: ["quinine"] }),
  D("pyrimethamine", ["daraprim"], []),
  D("albendazole", ["albenza"], []),
  D("mebendazole", ["emverm", "vermox"], []),
  D("praziquantel", ["biltricide"], []),
  D("pyrantel pamoate", ["pin-x", "reese's pinworm"], [], { aliases: ["pyrantel"] }),
  D("nitazoxanide", ["alinia"], []),
  D("pentamidine", ["pentam", "nebupent"], []),
];
