/**
 * Drug directory extension, part 7: hematology (ESAs and HIF-PH inhibitors, iron, G-CSFs,
 * hemophilia and von Willebrand products, non-factor agents, sickle cell and thalassemia, ITP,
 * complement inhibitors, antifibrinolytics), nephrology and urology (phosphate binders,
 * potassium, BPH, erectile dysfunction, bladder and stone disease, kidney disease), and women's
 * health (contraceptives by ingredient, menopausal hormone therapy, infertility, vasomotor and
 * sexual health) drugs that the core directory (drugs.ts) does not list. Conventions: see
 * drugs-extra-1.ts.
 *
 * Left out: "factor VIII", "factor IX" and "fibrinogen" alone (laboratory assays); contraceptive
 * brands that are given names or words ("Yasmin", "Nikki", "Portia", "Amethyst", "Ella", "Heather",
 * "Quartette", "Larin", "Skyla", "Plan B" alone), "Apri" (the APRI liver fibrosis score), and "MUSE" and "AZO".
 *
 * Sources: FDA Orange Book / NDC Directory and Purple Book; ASH / NHF MASAC product lists;
 * AUA guidelines (BPH 2021, ED 2018); ACOG / NAMS 2022 hormone therapy position statement.
 */
import type { DrugEntry } from "./drugs";

const D = (generic: string, brands: string[], classes: string[], extra: Partial<DrugEntry> = {}): DrugEntry => ({ generic, brands, classes, ...extra });

const CF = ["coagulation factor"];

export const EXTRA_DRUGS_7: DrugEntry[] = [
  // ── anemia: ESA, HIF-PH inhibitors, iron
  D("methoxy polyethylene glycol-epoetin beta", ["mircera"], ["erythropoiesis-stimulating agent"]),
  D("daprodustat", ["jesduvroq"], []),
  D("vadadustat", ["vafseo"], []),
  D("ferumoxytol", ["feraheme"], ["iron replacement"]),
  D("iron dextran", ["infed"], ["iron replacement"]),
  D("ferric derisomaltose", ["monoferric"], ["iron replacement"]),
  D("sodium ferric gluconate complex", ["ferrlecit"], ["iron replacement"], { aliases: ["sodium ferric gluconate"] }),
  D("ferrous gluconate", ["fergon"], ["iron replacement"]),
  D("ferrous fumarate", ["ferretts", "hemocyte"], ["iron replacement"]),
  D("polysaccharide iron complex", ["niferex", "poly-iron"], ["iron replacement"]),
  D("ferric maltol", ["accrufer"], ["iron replacement"]),
  D("ferric citrate", ["auryxia"], ["iron replacement"]),
  D("folic acid", ["folvite"], []),
  D("l-methylfolate", ["deplin", "metafolbic"], [], { aliases: ["levomefolate", "methylfolate"] }),
  D("cyanocobalamin", ["nascobal"], [], { aliases: ["cyanocobalamin injection"] }),
  D("hydroxocobalamin", ["cyanokit"], []),
  // ── white cells, platelets, stem-cell mobilization
  D("eflapegrastim", ["rolvedon"], [], { aliases: ["eflapegrastim-xnst"] }),
  D("efbemalenograstim alfa", ["ryzneuta"], []),
  D("sargramostim", ["leukine"], [], { aliases: ["GM-CSF"] }),
  D("plerixafor", ["mozobil"], []),
  D("motixafortide", ["aphexda"], []),
  D("lusutrombopag", ["mulpleta"], []),
  D("fostamatinib", ["tavalisse"], []),
  D("rilzabrutinib", ["wayrilz"], []),
  // ── hemophilia A and B, von Willebrand disease, bypassing agents, non-factor agents, gene therapy
  D("antihemophilic factor (recombinant)", ["advate", "kogenate fs", "kovaltry", "novoeight", "nuwiq", "recombinate", "xyntha", "xyntha solofuse"], CF, {
    aliases: ["recombinant factor viii", "recombinant antihemophilic factor"],
  }),
  D("antihemophilic factor (human)", ["hemofil m", "koate", "koate-dvi"], CF, { aliases: ["plasma-derived factor viii"] }),
  D("lonoctocog alfa", ["afstyla"], CF),
  D("efmoroctocog alfa", ["eloctate"], CF, { aliases: ["antihemophilic factor (recombinant), fc fusion protein"] }),
  D("rurioctocog alfa pegol", ["adynovate"], CF),
  D("damoctocog alfa pegol", ["jivi"], CF),
  D("turoctocog alfa pegol", ["esperoct"], CF),
  D("efanesoctocog alfa", ["altuviiio"], CF),
  D("susoctocog alfa", ["obizur"], CF, { aliases: ["antihemophilic factor (recombinant), porcine sequence"] }),
  D("antihemophilic factor/von Willebrand factor complex", ["humate-p", "alphanate", "wilate"], CF),
  D("vonicog alfa", ["vonvendi"], CF, { aliases: ["recombinant von willebrand factor"] }),
  D("nonacog alfa", ["benefix"], CF),
  D("nonacog gamma", ["rixubis"], CF),
  D("trenonacog alfa", ["ixinity"], CF),
  D("eftrenonacog alfa", ["alprolix"], CF),
  D("albutrepenonacog alfa", ["idelvion"], CF),
  D("nonacog beta pegol", ["rebinyn"], CF),
  D("coagulation factor IX (human)", ["alphanine sd", "mononine"], CF),
  D("factor IX complex", ["profilnine", "profilnine sd"], CF),
  D("anti-inhibitor coagulant complex", ["feiba"], CF, { aliases: ["activated prothrombin complex concentrate"] }),
  D("eptacog alfa", ["novoseven", "novoseven rt"], CF, { aliases: ["recombinant factor viia", "rfviia"] }),
  D("eptacog beta", ["sevenfact"], CF),
  D("fibrinogen concentrate (human)", ["riastap", "fibryga"], CF, { aliases: ["fibrinogen concentrate"] }),
  D("coagulation factor XIII", ["corifact", "tretten"], CF),
  D("concizumab", ["alhemo"], ["biologic"], { aliases: ["concizumab-mtci"] }),
  D("marstacimab", ["hympavzi"], ["biologic"], { aliases: ["marstacimab-hncq"] }),
  D("fitusiran", ["qfitlia"], []),
  D("etranacogene dezaparvovec", ["hemgenix"], []),
  D("fidanacogene elaparvovec", ["beqvez"], []),
  D("valoctocogene roxaparvovec", ["roctavian"], []),
  D("tranexamic acid", ["lysteda", "cyklokapron"], [], { aliases: ["TXA"] }),
  D("aminocaproic acid", ["amicar"], []),
  // ── sickle cell disease, thalassemia, iron overload
  D("exagamglogene autotemcel", ["casgevy"], []),
  D("lovotibeglogene autotemcel", ["lyfgenia"], []),
  D("betibeglogene autotemcel", ["zynteglo"], []),
  D("luspatercept", ["reblozyl"], [], { aliases: ["luspatercept-aamt"] }),
  D("mitapivat", ["pyrukynd"], []),
  D("deferasirox", ["exjade", "jadenu"], []),
  D("deferoxamine", ["desferal"], []),
  D("deferiprone", ["ferriprox"], []),
  // ── complement, TTP, cold agglutinin disease, porphyria
  D("pegcetacoplan", ["empaveli", "syfovre"], []),
  D("iptacopan", ["fabhalta"], []),
  D("danicopan", ["voydeya"], []),
  D("crovalimab", ["piasky"], ["biologic"], { aliases: ["crovalimab-akkz"] }),
  D("sutimlimab", ["enjaymo"], ["biologic"], { aliases: ["sutimlimab-jome"] }),
  D("caplacizumab", ["cablivi"], ["biologic"], { aliases: ["caplacizumab-yhdp"] }),
  D("ADAMTS13, recombinant", ["adzynma"], [], { aliases: ["recombinant adamts13"] }),
  D("givosiran", ["givlaari"], []),
  D("hemin", ["panhematin"], []),
  // ── nephrology: phosphate, potassium, acid-base, CKD and glomerular disease
  D("calcium acetate", ["phoslo", "eliphos", "phoslyra"], []),
  D("lanthanum carbonate", ["fosrenol"], [], { aliases: ["lanthanum"] }),
  D("sucroferric oxyhydroxide", ["velphoro"], []),
  D("sodium polystyrene sulfonate", ["kayexalate", "kionex", "sps suspension"], []),
  D("potassium chloride", ["klor-con", "k-tab", "k-dur", "micro-k", "klor-con m20", "k-lyte cl"], [], { aliases: ["KCL"] }),
  D("potassium citrate", ["urocit-k"], []),
  D("sodium bicarbonate", [], []),
  D("sparsentan", ["filspari"], []),
  D("atrasentan", ["vanrafia"], []),
  D("difelikefalin", ["korsuva"], []),
  D("lumasiran", ["oxlumo"], []),
  D("nedosiran", ["rivfloza"], []),
  D("tiopronin", ["thiola", "thiola ec"], []),
  D("cysteamine", ["cystagon", "procysbi", "cystaran", "cystadrops"], []),
  // ── urology: BPH, ED, Peyronie's, bladder
  D("dutasteride", ["avodart"], []),
  D("dutasteride-tamsulosin", ["jalyn"], ["alpha-1 blocker"], { aliases: ["dutasteride/tamsulosin"] }),
  D("finasteride-tadalafil", ["entadfi"], ["PDE-5 inhibitor"], { aliases: ["finasteride/tadalafil"] }),
  D("vardenafil", ["levitra", "staxyn"], ["PDE-5 inhibitor"]),
  D("avanafil", ["stendra"], ["PDE-5 inhibitor"]),
  D("alprostadil", ["caverject", "caverject impulse", "edex"], []),
  D("collagenase clostridium histolyticum", ["xiaflex"], []),
  D("flavoxate", ["urispas"], ["OAB antimuscarinic"]),
  D("bethanechol", ["urecholine"], []),
  D("pentosan polysulfate sodium", ["elmiron"], [], { aliases: ["pentosan polysulfate"] }),
  D("phenazopyridine", ["pyridium"], []),
  // ── women's health: combined hormonal contraceptives (by ingredient)
  D(
    "norethindrone acetate/ethinyl estradiol",
    ["loestrin", "lo loestrin fe", "junel", "junel fe", "microgestin", "taytulla", "minastrin", "femhrt", "jinteli", "fyavolv", "blisovi"],
    [],
    {
      aliases: ["norethindrone/ethinyl estradiol", "ethinyl estradiol/norethindrone"],
    },
  ),
  D(
    "levonorgestrel/ethinyl estradiol",
    ["seasonique", "seasonale", "amethia", "camrese", "jolessa", "introvale", "levora", "aviane", "lutera", "sronyx", "vienva", "twirla", "lybrel"],
    [],
    {
      aliases: ["ethinyl estradiol/levonorgestrel"],
    },
  ),
  D(
    "norgestimate/ethinyl estradiol",
    [
      "ortho tri-cyclen",
      "ortho tri-cyclen lo",
      "ortho-cyclen",
      "sprintec",
      "tri-sprintec",
      "tri-lo-sprintec",
      "mononessa",
      "estarylla",
      "previfem",
      "tri-previfem",
    ],
    [],
    {
      aliases: ["ethinyl estradiol/norgestimate"],
    },
  ),
  D("drospirenone/ethinyl estradiol", ["yaz", "gianvi", "loryna", "ocella", "beyaz", "safyral", "jasmiel"], [], {
    aliases: ["ethinyl estradiol/drospirenone"],
  }),
  D("desogestrel/ethinyl estradiol", ["kariva", "mircette", "azurette", "cyclessa", "enskyce", "emoquette", "reclipsen", "desogen", "ortho-cept"], [], {
    aliases: ["ethinyl estradiol/desogestrel"],
  }),
  D("norgestrel/ethinyl estradiol", ["cryselle", "low-ogestrel", "elinest"], []),
  D("ethynodiol diacetate/ethinyl estradiol", ["kelnor", "zovia"], []),
  D("etonogestrel/ethinyl estradiol vaginal ring", ["nuvaring", "eluryng"], []),
  D("norelgestromin/ethinyl estradiol", ["xulane", "ortho evra", "zafemy"], []),
  D("segesterone acetate/ethinyl estradiol", ["annovera"], []),
  D("dienogest/estradiol valerate", ["natazia"], []),
  D("drospirenone/estetrol", ["nextstellis"], []),
  // ── progestin-only and emergency contraception, LARC
  D("drospirenone", ["slynd"], []),
  D("norgestrel", ["opill"], []),
  D("etonogestrel implant", ["nexplanon", "implanon"], [], { aliases: ["etonogestrel"] }),
  D("levonorgestrel", ["mirena", "kyleena", "liletta", "plan b one-step", "aftera"], [], {
    aliases: ["levonorgestrel iud", "lng-iud", "levonorgestrel intrauterine system"],
  }),
  D("ulipristal acetate", [], [], { aliases: ["ulipristal"] }),
  D("copper intrauterine device", ["paragard"], [], { aliases: ["copper iud"] }),
  // ── menopausal hormone therapy, vasomotor symptoms, vulvovaginal atrophy
  D("conjugated estrogens", ["premarin"], [], { aliases: ["conjugated equine estrogens"] }),
  D("conjugated estrogens/medroxyprogesterone", ["prempro", "premphase"], []),
  D("esterified estrogens", ["menest"], []),
  D("esterified estrogens/methyltestosterone", ["covaryx"], [], { aliases: ["EEMT"] }),
  D("estradiol/norethindrone acetate", ["activella", "amabelz", "mimvey", "lopreeza", "combipatch"], []),
  D("estradiol/levonorgestrel", ["climara pro"], []),
  D("estradiol/norgestimate", ["prefest"], []),
  D("estradiol/progesterone", ["bijuva"], []),
  D("estradiol/drospirenone", ["angeliq"], []),
  D("progesterone micronized", ["prometrium", "crinone", "endometrin", "first-progesterone"], [], { aliases: ["micronized progesterone"] }),
  D("ospemifene", ["osphena"], []),
  D("prasterone", ["intrarosa"], []),
  D("fezolinetant", ["veozah"], []),
  D("elinzanetant", ["lynkuet"], []),
  D("flibanserin", ["addyi"], []),
  D("bremelanotide", ["vyleesi"], []),
];
