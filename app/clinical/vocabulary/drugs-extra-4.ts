/**
 * Drug directory extension, part 4: pain (NSAIDs, opioids, local anesthetics, viscosupplements),
 * rheumatology / immunology / transplant, immune globulins and hereditary angioedema, and
 * dermatology (topical corticosteroids with potency, acne, antifungal and antiparasitic topicals,
 * other dermatology drugs) that the core directory (drugs.ts) does not list. Conventions: see
 * drugs-extra-1.ts.
 *
 * Fixed-dose combinations whose core-directory brands map to one ingredient ("percocet" is
 * oxycodone, "norco" hydrocodone) are not added as combination entries: the same pill would have
 * two generics.
 *
 * Topical corticosteroid potency: US classes I–VII collapsed as in drugs.ts (I super-high, II–III
 * high, IV–V medium, VI–VII low), by the product's usual strength and vehicle.
 *
 * Sources: FDA Orange Book / NDC Directory; ACR 2021 RA and 2020 gout guidelines; AAD guidelines
 * of care (acne 2024, atopic dermatitis 2023, psoriasis 2020); AAOS 2021 knee OA guideline.
 */
import type { DrugEntry } from "./drugs";

const D = (generic: string, brands: string[], classes: string[], extra: Partial<DrugEntry> = {}): DrugEntry => ({ generic, brands, classes, ...extra });

export const EXTRA_DRUGS_4: DrugEntry[] = [
  // ── NSAIDs
  D("fenoprofen", ["nalfon"], ["NSAID"]),
  D("flurbiprofen", ["ansaid"], ["NSAID"]),
  D("ketoprofen", [], ["NSAID"]),
  D("mefenamic acid", ["ponstel"], ["NSAID"]),
  D("salsalate", ["disalcid"], ["NSAID"]),
  D("naproxen-esomeprazole", ["vimovo"], ["NSAID", "proton pump inhibitor"], { aliases: ["naproxen/esomeprazole"] }),
  D("ibuprofen-famotidine", ["duexis"], ["NSAID", "H2 antagonist"], { aliases: ["ibuprofen/famotidine"] }),
  D("celecoxib/tramadol", ["seglentis"], ["NSAID", "opioid"]),
  // ophthalmic NSAIDs: never an NSAID trial for arthritis or pain
  D("bromfenac", ["prolensa", "bromsite", "xibrom"], []),
  D("nepafenac", ["nevanac", "ilevro"], []),
  // ── opioids and opioid combinations not tied to a core-directory brand
  D("codeine", [], ["opioid"]),
  D("acetaminophen-codeine", ["tylenol with codeine", "tylenol #3", "tylenol #4", "tylenol-codeine"], ["opioid"], {
    aliases: ["acetaminophen/codeine", "apap/codeine", "apap-codeine"],
  }),
  D("oxymorphone", ["opana", "opana er"], ["opioid"]),
  D("levorphanol", [], ["opioid"]),
  D("meperidine", ["demerol"], ["opioid"]),
  D("butorphanol", [], ["opioid"]),
  D("tramadol-acetaminophen", ["ultracet"], ["opioid"]),
  D("hydrocodone-ibuprofen", ["vicoprofen", "reprexain"], ["opioid", "NSAID"]),
  D("benzhydrocodone/acetaminophen", ["apadaz"], ["opioid"]),
  D("suzetrigine", ["journavx"], []),
  D("ziconotide", ["prialt"], []),
  D("ketamine", ["ketalar"], []),
  D("bupivacaine", ["marcaine", "sensorcaine", "exparel", "xaracoll", "posimir"], [], { aliases: ["liposomal bupivacaine"] }),
  // ── viscosupplements (intra-articular hyaluronates)
  D("hylan G-F 20", ["synvisc", "synvisc-one"], ["viscosupplement"], { aliases: ["hylan gf 20", "hylan g-f20"] }),
  D(
    "sodium hyaluronate",
    [
      "euflexxa",
      "hyalgan",
      "supartz",
      "supartz fx",
      "gelsyn-3",
      "genvisc 850",
      "trivisc",
      "visco-3",
      "triluron",
      "durolane",
      "gel-one",
      "monovisc",
      "orthovisc",
      "hymovis",
      "synojoynt",
    ],
    ["viscosupplement"],
    { aliases: ["hyaluronic acid", "hyaluronan", "hyaluronate"] },
  ),
  // ── gout
  D("lesinurad", ["zurampic"], ["uricosuric"]),
  D("colchicine-probenecid", ["col-probenecid", "proben-c"], ["uricosuric"], { aliases: ["probenecid/colchicine", "probenecid-colchicine"] }),
  // ── rheumatology, vasculitis, lupus, Sjögren's
  D("auranofin", ["ridaura"], ["conventional synthetic DMARD"]),
  D("chloroquine", ["aralen"], ["antimalarial"]),
  D("voclosporin", ["lupkynis"], ["immunomodulator"]),
  D("avacopan", ["tavneos"], []),
  D("obinutuzumab", ["gazyva"], ["anti-CD20 antibody", "biologic", "anticancer therapy"]),
  D("siltuximab", ["sylvant"], ["IL-6 inhibitor", "biologic"]),
  D("emapalumab", ["gamifant"], ["biologic"], { aliases: ["emapalumab-lzsg"] }),
  D("cevimeline", ["evoxac"], []),
  D("pilocarpine", ["salagen", "isopto carpine", "vuity", "qlosi"], []),
  // ── transplant immunosuppression
  D("sirolimus", ["rapamune", "fyarro", "hyftor"], ["immunomodulator"]),
  D("belatacept", ["nulojix"], ["T-cell costimulation modulator", "biologic"]),
  // ── immune globulins
  D(
    "immune globulin intravenous",
    [
      "gammagard",
      "gammagard liquid",
      "gammagard s/d",
      "gamunex-c",
      "gammaked",
      "privigen",
      "octagam",
      "flebogamma",
      "flebogamma dif",
      "panzyga",
      "bivigam",
      "asceniv",
      "gammaplex",
      "alyglo",
      "yimmugo",
      "carimune nf",
    ],
    ["immune globulin"],
    { aliases: ["IVIG", "intravenous immune globulin", "intravenous immunoglobulin"] },
  ),
  D("immune globulin subcutaneous", ["hizentra", "cuvitru", "xembify", "cutaquig"], ["immune globulin"], {
    aliases: ["SCIG", "subcutaneous immune globulin", "subcutaneous immunoglobulin"],
  }),
  D("immune globulin/hyaluronidase", ["hyqvia"], ["immune globulin"], { aliases: ["immune globulin infusion 10% with recombinant human hyaluronidase"] }),
  // ── hereditary angioedema (core directory: C1 esterase inhibitor, lanadelumab, icatibant, berotralstat)
  D("ecallantide", ["kalbitor"], []),
  D("garadacimab", ["andembry"], ["biologic"], { aliases: ["garadacimab-gxii"] }),
  D("sebetralstat", ["ekterly"], []),
  // ── topical corticosteroids
  D("diflorasone diacetate", ["psorcon", "apexicon", "apexicon e"], ["topical corticosteroid"], { aliases: ["diflorasone"], potency: "high" }),
  D("halcinonide", ["halog"], ["topical corticosteroid"], { potency: "high" }),
  D("flurandrenolide", ["cordran", "cordran tape", "nolix"], ["topical corticosteroid"], { potency: "medium" }),
  D("prednicarbate", ["dermatop"], ["topical corticosteroid"], { potency: "medium" }),
  D("clocortolone pivalate", ["cloderm"], ["topical corticosteroid"], { aliases: ["clocortolone"], potency: "medium" }),
  D("hydrocortisone butyrate", ["locoid", "locoid lipocream"], ["topical corticosteroid"], { potency: "medium" }),
  D("hydrocortisone probutate", ["pandel"], ["topical corticosteroid"], { potency: "medium" }),
  D("betamethasone dipropionate/clotrimazole", ["lotrisone"], ["topical corticosteroid", "antifungal"], {
    aliases: ["clotrimazole/betamethasone", "clotrimazole-betamethasone", "betamethasone-clotrimazole"],
    potency: "high",
  }),
  D("halobetasol/tazarotene", ["duobrii"], ["topical corticosteroid", "topical therapy"], { aliases: ["halobetasol propionate/tazarotene"], potency: "high" }),
  D("nystatin-triamcinolone", ["mycolog-ii", "mycolog"], ["topical corticosteroid", "antifungal"], { aliases: ["nystatin/triamcinolone"], potency: "medium" }),
  // ── other topical and systemic dermatology
  D("delgocitinib", ["anzupgo"], ["JAK inhibitor"]),
  D("remibrutinib", ["rhapsido"], []),
  D("methoxsalen", ["oxsoralen-ultra", "8-mop", "uvadex"], [], { aliases: ["8-methoxypsoralen"] }),
  D("imiquimod", ["aldara", "zyclara"], []),
  D("tirbanibulin", ["klisyri"], []),
  D("podofilox", ["condylox"], []),
  D("sinecatechins", ["veregen"], []),
  D("becaplermin", ["regranex"], []),
  D("berdazimer", ["zelsuvmi"], []),
  D("cantharidin", ["ycanth"], []),
  D("beremagene geperpavec", ["vyjuvek"], [], { aliases: ["beremagene geperpavec-svdt"] }),
  D("birch triterpenes", ["filsuvez"], []),
  D("prademagene zamikeracel", ["zevaskyn"], []),
  D("eflornithine", ["vaniqa", "iwilfin"], []),
  D("fluocinolone/hydroquinone/tretinoin", ["tri-luma"], ["topical corticosteroid"], { potency: "low" }),
  // ── acne and rosacea
  D("tretinoin", ["retin-a", "retin-a micro", "atralin", "altreno", "avita", "renova", "refissa", "vesanoid"], [], {
    aliases: ["ATRA", "all-trans retinoic acid"],
  }),
  D("adapalene", ["differin"], []),
  D("trifarotene", ["aklief"], []),
  D("adapalene-benzoyl peroxide", ["epiduo", "epiduo forte"], [], { aliases: ["adapalene/benzoyl peroxide"] }),
  D("clindamycin-benzoyl peroxide", ["benzaclin", "duac", "onexton", "acanya", "neuac"], ["antibiotic"], { aliases: ["clindamycin/benzoyl peroxide"] }),
  D("clindamycin-tretinoin", ["veltin"], ["antibiotic"], { aliases: ["clindamycin/tretinoin"] }),
  D("clindamycin/adapalene/benzoyl peroxide", ["cabtreo"], ["antibiotic"]),
  D("tretinoin-benzoyl peroxide", ["twyneo"], [], { aliases: ["tretinoin/benzoyl peroxide"] }),
  D("benzoyl peroxide", ["benzac", "panoxyl", "epsolay", "benzepro"], [], { aliases: ["BPO"] }),
  D("azelaic acid", ["azelex", "finacea"], []),
  D("clascoterone", ["winlevi"], []),
  D("sarecycline", ["seysara"], ["antibiotic"]),
  D("sulfacetamide sodium", ["klaron", "ovace", "bleph-10"], ["antibiotic"], { aliases: ["sulfacetamide"] }),
  D("brimonidine", ["alphagan", "alphagan p", "mirvaso", "lumify"], []),
  // ── topical and systemic antifungals
  D("ketoconazole", ["nizoral", "extina", "xolegel", "ketodan"], ["antifungal"]),
  D("clotrimazole", ["lotrimin", "lotrimin af", "mycelex", "gyne-lotrimin"], ["antifungal"]),
  D("miconazole", ["monistat", "oravig", "micatin", "desenex"], ["antifungal"]),
  D("econazole", ["ecoza", "spectazole"], ["antifungal"]),
  D("oxiconazole", ["oxistat"], ["antifungal"]),
  D("luliconazole", ["luzu"], ["antifungal"]),
  D("sertaconazole", ["ertaczo"], ["antifungal"]),
  D("efinaconazole", ["jublia"], ["antifungal"]),
  D("tavaborole", ["kerydin"], ["antifungal"]),
  D("ciclopirox", ["penlac", "loprox", "ciclodan"], ["antifungal"]),
  D("naftifine", ["naftin"], ["antifungal"]),
  D("butenafine", ["mentax", "lotrimin ultra"], ["antifungal"]),
  D("tolnaftate", ["tinactin"], ["antifungal"]),
  D("nystatin", ["mycostatin", "nystop", "nyamyc", "bio-statin"], ["antifungal"]),
  D("terconazole", ["terazol"], ["antifungal"]),
  D("griseofulvin", ["gris-peg", "grifulvin v"], ["antifungal"]),
  D("voriconazole", ["vfend"], ["antifungal"]),
  D("posaconazole", ["noxafil"], ["antifungal"]),
  D("isavuconazonium sulfate", ["cresemba"], ["antifungal"], { aliases: ["isavuconazonium", "isavuconazole"] }),
  D("amphotericin B", ["ambisome", "abelcet", "fungizone"], ["antifungal"], { aliases: ["liposomal amphotericin b", "amphotericin"] }),
  D("rezafungin", ["rezzayo"], ["antifungal"]),
  D("ibrexafungerp", ["brexafemme"], ["antifungal"]),
  D("oteseconazole", ["vivjoa"], ["antifungal"]),
  // ── scabies, lice, topical antibacterials ("Nix" is also a verb: not a brand here)
  D("permethrin", ["elimite", "acticin"], []),
  D("spinosad", ["natroba"], []),
  D("malathion", ["ovide"], []),
  D("lotilaner", ["xdemvy"], []),
  D("mupirocin", ["bactroban", "centany"], ["antibiotic"]),
  D("retapamulin", ["altabax"], ["antibiotic"]),
  D("ozenoxacin", ["xepi"], ["antibiotic"]),
  D("bacitracin", ["baciim"], ["antibiotic"]),
  D("silver sulfadiazine", ["silvadene", "ssd cream"], ["antibiotic"]),
];
