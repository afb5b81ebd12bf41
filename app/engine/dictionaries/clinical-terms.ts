/**
 * Clinical vocabulary used by the built-in policy parser and clinical reviewer.
 *
 * Generic domain knowledge only (condition names with their ICD-10-CM prefixes, drug classes with
 * member drugs and common brand names, prescriber specialties with the words a request uses for
 * them). Nothing here is tied to one policy file: policies add their own examples at parse time.
 * Sources: ICD-10-CM 2026 tabular list (chapter/category prefixes), FDA Orange/Purple Book names,
 * ACC/AHA statin-intensity and topical-corticosteroid potency tables (US classes I-VII).
 */

export interface ConditionTerm {
  /** canonical name */
  name: string;
  /** lower-case words/phrases a document uses for it (regex source fragments, matched on word boundaries) */
  aliases: string[];
  /** ICD-10-CM code prefixes, with the dot where the prefix reaches past 3 characters */
  icd10: string[];
}

export const CONDITIONS: ConditionTerm[] = [
  { name: "rheumatoid arthritis", aliases: ["rheumatoid arthritis", "\\bra\\b"], icd10: ["M05", "M06"] },
  { name: "juvenile idiopathic arthritis", aliases: ["juvenile idiopathic arthritis", "\\bjia\\b", "juvenile arthritis"], icd10: ["M08"] },
  { name: "psoriatic arthritis", aliases: ["psoriatic arthritis", "\\bpsa\\b"], icd10: ["L40.5"] },
  { name: "plaque psoriasis", aliases: ["plaque psoriasis", "psoriasis vulgaris", "\\bpso\\b", "psoriasis"], icd10: ["L40.0", "L40.8", "L40.9", "L40.1", "L40.4"] },
  { name: "ankylosing spondylitis", aliases: ["ankylosing spondylitis", "axial spondyloarthritis"], icd10: ["M45", "M46.8"] },
  { name: "crohn's disease", aliases: ["crohn'?s", "\\bcd\\b", "regional enteritis"], icd10: ["K50"] },
  { name: "ulcerative colitis", aliases: ["ulcerative colitis", "\\buc\\b"], icd10: ["K51"] },
  { name: "hidradenitis suppurativa", aliases: ["hidradenitis suppurativa", "\\bhs\\b"], icd10: ["L73.2"] },
  { name: "uveitis", aliases: ["uveitis"], icd10: ["H20", "H30", "H44.1"] },
  { name: "atopic dermatitis", aliases: ["atopic dermatitis", "\\bad\\b", "eczema", "atopic eczema"], icd10: ["L20"] },
  { name: "asthma", aliases: ["asthma"], icd10: ["J45", "J82.83"] },
  { name: "chronic rhinosinusitis with nasal polyps", aliases: ["nasal polyps", "crswnp", "rhinosinusitis"], icd10: ["J33", "J32"] },
  { name: "eosinophilic esophagitis", aliases: ["eosinophilic esophagitis", "\\beoe\\b"], icd10: ["K20.0"] },
  { name: "prurigo nodularis", aliases: ["prurigo nodularis"], icd10: ["L28.1"] },
  { name: "chronic obstructive pulmonary disease", aliases: ["copd", "chronic obstructive pulmonary"], icd10: ["J44"] },
  { name: "chronic spontaneous urticaria", aliases: ["urticaria"], icd10: ["L50"] },
  { name: "migraine", aliases: ["migraine"], icd10: ["G43"] },
  { name: "cluster headache", aliases: ["cluster headache"], icd10: ["G44.0"] },
  { name: "type 2 diabetes mellitus", aliases: ["type 2 diabetes", "type ii diabetes", "\\bt2dm\\b", "\\bt2d\\b", "diabetes mellitus type 2", "type 2 dm"], icd10: ["E11"] },
  { name: "type 1 diabetes mellitus", aliases: ["type 1 diabetes", "\\bt1dm\\b", "type i diabetes"], icd10: ["E10"] },
  { name: "obesity", aliases: ["obesity", "weight management", "overweight"], icd10: ["E66", "Z68.3", "Z68.4"] },
  {
    name: "atherosclerotic cardiovascular disease",
    aliases: [
      "ascvd", "atherosclerotic", "coronary artery disease", "\\bcad\\b", "myocardial infarction", "\\bmi\\b", "nstemi", "stemi",
      "acute coronary syndrome", "angina", "\\bpci\\b", "cabg", "bypass graft", "revasculari[sz]ation", "stroke",
      "transient ischemic attack", "\\btia\\b", "peripheral arter(y|ial) disease", "peripheral vascular disease", "\\bpad\\b",
      "cerebral infarction",
    ],
    icd10: ["I20", "I21", "I22", "I23", "I24", "I25", "I63", "I65", "I66", "I67.2", "I70", "I73.9", "Z95.1", "Z95.5", "Z86.73", "Z98.61", "G45"],
  },
  {
    name: "heterozygous familial hypercholesterolemia",
    aliases: ["heterozygous familial hypercholesterolemia", "\\bhefh\\b", "familial hypercholesterolemia", "\\bfh\\b"],
    icd10: ["E78.01"],
  },
  {
    name: "homozygous familial hypercholesterolemia",
    aliases: ["homozygous familial hypercholesterolemia", "\\bhofh\\b", "familial hypercholesterolemia"],
    icd10: ["E78.01"],
  },
  { name: "primary hyperlipidemia", aliases: ["hyperlipidemia", "hypercholesterolemia", "dyslipidemia"], icd10: ["E78"] },
  { name: "behcet's disease", aliases: ["beh[cç]et'?s"], icd10: ["M35.2"] },
  { name: "multiple sclerosis", aliases: ["multiple sclerosis", "\\bms\\b"], icd10: ["G35"] },
  { name: "chronic kidney disease", aliases: ["chronic kidney disease", "\\bckd\\b"], icd10: ["N18"] },
  { name: "heart failure", aliases: ["heart failure", "\\bhfref\\b", "\\bhfpef\\b"], icd10: ["I50"] },
  { name: "osteoporosis", aliases: ["osteoporosis"], icd10: ["M80", "M81"] },
  { name: "hepatitis c", aliases: ["hepatitis c", "\\bhcv\\b"], icd10: ["B18.2", "B17.1"] },
  { name: "hiv", aliases: ["\\bhiv\\b"], icd10: ["B20", "Z21"] },
  { name: "systemic lupus erythematosus", aliases: ["lupus", "\\bsle\\b"], icd10: ["M32"] },
  { name: "giant cell arteritis", aliases: ["giant cell arteritis"], icd10: ["M31.5", "M31.6"] },
  { name: "gout", aliases: ["gout"], icd10: ["M10", "M1A"] },
  { name: "narcolepsy", aliases: ["narcolepsy"], icd10: ["G47.4"] },
  { name: "attention deficit hyperactivity disorder", aliases: ["adhd", "attention[- ]deficit"], icd10: ["F90"] },
  { name: "major depressive disorder", aliases: ["major depressive", "depression"], icd10: ["F32", "F33"] },
  { name: "schizophrenia", aliases: ["schizophrenia"], icd10: ["F20"] },
  { name: "growth hormone deficiency", aliases: ["growth hormone deficiency", "\\bghd\\b"], icd10: ["E23.0"] },
  { name: "hypogonadism", aliases: ["hypogonadism", "testosterone deficiency", "low testosterone"], icd10: ["E29.1", "E23.0", "E89.5"] },
  { name: "eosinophilic granulomatosis with polyangiitis", aliases: ["eosinophilic granulomatosis", "\\begpa\\b", "churg[- ]strauss"], icd10: ["M30.1"] },
  { name: "hypereosinophilic syndrome", aliases: ["hypereosinophilic syndrome", "\\bhes\\b"], icd10: ["D72.11"] },
  { name: "non-radiographic axial spondyloarthritis", aliases: ["non-?radiographic axial spondyloarthritis", "nr-?axspa"], icd10: ["M45.A"] },
  { name: "food allergy", aliases: ["food allergy", "ige-mediated food allergy"], icd10: ["Z91.01", "T78.0"] },
  { name: "anemia of chronic kidney disease", aliases: ["anemia"], icd10: ["D63.1", "D64.9"] },
];

export interface DrugClass {
  name: string;
  /** regex fragments that name the class in prose */
  aliases: string[];
  /** generic and brand names (lower case) */
  members: string[];
  /** true for biologics / targeted synthetic immunomodulators (duplicate-therapy checks) */
  immunomodulator?: boolean;
}

export const DRUG_CLASSES: DrugClass[] = [
  {
    name: "conventional synthetic DMARD",
    aliases: ["csdmard", "conventional synthetic (disease-modifying antirheumatic drug|dmard)", "conventional synthetic disease", "traditional systemic", "conventional systemic", "nonbiologic dmard"],
    members: ["methotrexate", "mtx", "leflunomide", "arava", "hydroxychloroquine", "plaquenil", "sulfasalazine", "azulfidine", "cyclosporine", "acitretin", "azathioprine", "6-mercaptopurine", "mercaptopurine"],
  },
  {
    name: "TNF inhibitor",
    aliases: ["tnf inhibitor", "tnfi", "tumor necrosis factor", "anti-tnf"],
    members: ["adalimumab", "humira", "etanercept", "enbrel", "infliximab", "remicade", "inflectra", "renflexis", "certolizumab", "cimzia", "golimumab", "simponi", "amjevita", "hadlima", "hyrimoz", "cyltezo", "yusimry", "idacio", "yuflyma", "hulio", "abrilada", "simlandi"],
    immunomodulator: true,
  },
  {
    name: "biologic",
    aliases: ["biologic", "biological"],
    members: [
      "abatacept", "orencia", "anakinra", "kineret", "rituximab", "rituxan", "tocilizumab", "actemra", "sarilumab", "kevzara",
      "secukinumab", "cosentyx", "ixekizumab", "taltz", "ustekinumab", "stelara", "guselkumab", "tremfya", "risankizumab", "skyrizi",
      "tildrakizumab", "ilumya", "brodalumab", "siliq", "bimekizumab", "bimzelx", "vedolizumab", "entyvio", "natalizumab", "tysabri",
      "dupilumab", "dupixent", "tralokinumab", "adbry", "lebrikizumab", "ebglyss", "omalizumab", "xolair", "mepolizumab", "nucala",
      "benralizumab", "fasenra", "reslizumab", "cinqair", "tezepelumab", "tezspire", "spesolimab", "canakinumab", "ilaris",
      "mirikizumab", "omvoh", "nemolizumab", "belimumab", "benlysta",
    ],
    immunomodulator: true,
  },
  {
    name: "targeted synthetic DMARD",
    aliases: ["targeted synthetic", "tsdmard", "jak inhibitor", "janus kinase", "small molecule"],
    members: ["tofacitinib", "xeljanz", "baricitinib", "olumiant", "upadacitinib", "rinvoq", "abrocitinib", "cibinqo", "deucravacitinib", "sotyktu", "apremilast", "otezla", "ruxolitinib", "ozanimod", "zeposia", "etrasimod", "velsipity", "ritlecitinib"],
    immunomodulator: true,
  },
  {
    name: "JAK inhibitor",
    aliases: ["jak inhibitor", "janus kinase"],
    members: ["tofacitinib", "xeljanz", "baricitinib", "olumiant", "upadacitinib", "rinvoq", "abrocitinib", "cibinqo", "ruxolitinib", "opzelura", "ritlecitinib", "litfulo"],
    immunomodulator: true,
  },
  {
    name: "asthma biologic",
    aliases: ["biologic for asthma", "asthma biologic"],
    members: ["omalizumab", "xolair", "mepolizumab", "nucala", "benralizumab", "fasenra", "reslizumab", "cinqair", "tezepelumab", "tezspire", "dupilumab", "dupixent"],
    immunomodulator: true,
  },
  {
    name: "systemic corticosteroid",
    aliases: ["systemic corticosteroid", "oral corticosteroid", "systemic steroid", "oral steroid", "\\bocs\\b", "corticosteroids"],
    members: ["prednisone", "prednisolone", "methylprednisolone", "medrol", "dexamethasone", "hydrocortisone oral"],
  },
  {
    name: "topical corticosteroid",
    aliases: ["topical corticosteroid", "topical steroid", "\\btcs\\b"],
    members: [
      "clobetasol", "halobetasol", "betamethasone", "fluocinonide", "desoximetasone", "mometasone", "triamcinolone", "fluocinolone",
      "hydrocortisone valerate", "hydrocortisone butyrate", "fluticasone cream", "fluticasone propionate cream", "desonide", "alclometasone", "hydrocortisone", "amcinonide", "halcinonide", "diflorasone",
    ],
  },
  {
    name: "low-potency topical corticosteroid",
    aliases: ["low-potency", "low potency"],
    members: ["desonide", "alclometasone", "hydrocortisone 1%", "hydrocortisone 2.5%", "hydrocortisone 0.5%"],
  },
  {
    name: "topical therapy",
    aliases: ["topical therap", "topical agent", "topical treatment"],
    members: ["calcipotriene", "calcipotriol", "tazarotene", "tacrolimus", "pimecrolimus", "roflumilast cream", "tapinarof", "crisaborole", "anthralin", "coal tar"],
  },
  { name: "topical calcineurin inhibitor", aliases: ["topical calcineurin inhibitor", "\\btci\\b"], members: ["tacrolimus", "protopic", "pimecrolimus", "elidel"] },
  { name: "phototherapy", aliases: ["phototherapy", "puva", "uvb", "light therapy"], members: ["phototherapy", "puva", "nbuvb", "narrowband uvb", "narrowband"] },
  { name: "statin", aliases: ["statin"], members: ["atorvastatin", "lipitor", "rosuvastatin", "crestor", "simvastatin", "zocor", "pravastatin", "pravachol", "lovastatin", "pitavastatin", "livalo", "fluvastatin"] },
  { name: "ezetimibe", aliases: ["ezetimibe"], members: ["ezetimibe", "zetia", "vytorin", "nexlizet"] },
  { name: "PCSK9 inhibitor", aliases: ["pcsk9"], members: ["evolocumab", "repatha", "alirocumab", "praluent", "inclisiran", "leqvio"] },
  { name: "metformin", aliases: ["metformin"], members: ["metformin", "glucophage", "glumetza", "fortamet", "metformin er", "metformin xr"] },
  {
    name: "antidiabetic",
    aliases: ["antidiabetic", "anti-diabetic", "diabetes medication", "glucose-lowering", "hypoglycemic"],
    members: ["metformin", "glipizide", "glyburide", "glimepiride", "pioglitazone", "sitagliptin", "januvia", "linagliptin", "tradjenta", "empagliflozin", "jardiance", "dapagliflozin", "farxiga", "canagliflozin", "invokana", "insulin", "glargine", "lantus", "basaglar", "lispro", "humalog", "aspart", "novolog", "degludec", "tresiba", "detemir"],
  },
  {
    name: "GLP-1 receptor agonist",
    aliases: ["glp-1", "glp1"],
    members: ["semaglutide", "ozempic", "wegovy", "rybelsus", "liraglutide", "victoza", "saxenda", "dulaglutide", "trulicity", "exenatide", "byetta", "bydureon", "lixisenatide", "tirzepatide", "mounjaro", "zepbound"],
  },
  {
    name: "CGRP inhibitor",
    aliases: ["cgrp"],
    members: ["erenumab", "aimovig", "fremanezumab", "ajovy", "galcanezumab", "emgality", "eptinezumab", "vyepti", "atogepant", "qulipta", "rimegepant", "nurtec", "ubrogepant", "ubrelvy", "zavegepant"],
  },
  { name: "anticonvulsant", aliases: ["anticonvulsant", "antiepileptic"], members: ["topiramate", "topamax", "divalproex", "valproate", "valproic acid", "depakote", "gabapentin", "zonisamide"] },
  { name: "beta-blocker", aliases: ["beta[- ]blocker"], members: ["propranolol", "inderal", "metoprolol", "timolol", "atenolol", "nadolol", "bisoprolol", "carvedilol"] },
  { name: "tricyclic or SNRI antidepressant", aliases: ["tricyclic", "\\btca\\b", "snri"], members: ["amitriptyline", "nortriptyline", "venlafaxine", "effexor", "duloxetine", "desvenlafaxine", "protriptyline"] },
  { name: "angiotensin receptor blocker", aliases: ["angiotensin receptor blocker", "\\barb\\b"], members: ["candesartan", "telmisartan", "losartan"] },
  {
    name: "inhaled corticosteroid",
    aliases: ["inhaled corticosteroid", "\\bics\\b"],
    members: ["fluticasone", "budesonide", "beclomethasone", "mometasone inhal", "ciclesonide", "flovent", "pulmicort", "qvar", "asmanex", "arnuity", "advair", "symbicort", "breo", "dulera", "trelegy", "wixela", "airduo", "breztri"],
  },
  {
    name: "asthma controller",
    aliases: ["long-acting beta", "\\blaba\\b", "long-acting muscarinic", "\\blama\\b", "leukotriene", "\\bltra\\b", "controller"],
    members: ["salmeterol", "formoterol", "vilanterol", "tiotropium", "spiriva", "umeclidinium", "montelukast", "singulair", "zafirlukast", "advair", "symbicort", "breo", "dulera", "trelegy", "wixela", "breztri", "incruse"],
  },
  { name: "colchicine", aliases: ["colchicine"], members: ["colchicine", "colcrys", "mitigare"] },
  {
    name: "NSAID",
    aliases: ["\\bnsaids?\\b", "non-?steroidal anti-?inflammatory"],
    members: ["ibuprofen", "advil", "motrin", "naproxen", "naprosyn", "aleve", "meloxicam", "mobic", "diclofenac", "voltaren", "celecoxib", "celebrex", "indomethacin", "indocin", "etodolac", "nabumetone", "ketorolac", "piroxicam", "sulindac", "oxaprozin", "diflunisal"],
  },
  { name: "SGLT2 inhibitor", aliases: ["sglt-?2"], members: ["empagliflozin", "jardiance", "dapagliflozin", "farxiga", "canagliflozin", "invokana", "ertugliflozin", "steglatro", "bexagliflozin"] },
  { name: "DPP-4 inhibitor", aliases: ["dpp-?4"], members: ["sitagliptin", "januvia", "linagliptin", "tradjenta", "saxagliptin", "onglyza", "alogliptin"] },
  { name: "sulfonylurea", aliases: ["sulfonylurea"], members: ["glipizide", "glyburide", "glimepiride"] },
  { name: "triptan", aliases: ["triptans?\\b", "5-ht1"], members: ["sumatriptan", "imitrex", "rizatriptan", "maxalt", "zolmitriptan", "zomig", "eletriptan", "relpax", "naratriptan", "almotriptan", "frovatriptan"] },
  { name: "H1 antihistamine", aliases: ["antihistamine", "h1[- ]antihistamine", "h1 blocker"], members: ["cetirizine", "zyrtec", "levocetirizine", "xyzal", "fexofenadine", "allegra", "loratadine", "claritin", "desloratadine", "clarinex", "hydroxyzine"] },
  { name: "5-aminosalicylate", aliases: ["aminosalicylate", "5-asa", "mesalamine"], members: ["mesalamine", "lialda", "asacol", "pentasa", "apriso", "balsalazide", "olsalazine"] },
  { name: "immunomodulator (thiopurine)", aliases: ["immunomodulator", "thiopurine"], members: ["azathioprine", "imuran", "6-mercaptopurine", "mercaptopurine", "methotrexate"] },
];

/** Canonical specialty → words a request uses for it (lower case regex fragments). */
export const SPECIALTIES: Record<string, string[]> = {
  rheumatologist: ["rheumatolog"],
  dermatologist: ["dermatolog", "\\bderm\\b"],
  gastroenterologist: ["gastroenterolog", "hepatolog"],
  pulmonologist: ["pulmonolog", "pulmonary (medicine|disease|critical|and|&)", "chest physician"],
  "allergist/immunologist": ["allergist", "allergy\\s*(&|and|/)\\s*immunolog", "immunolog"],
  allergist: ["allergist", "allergy\\s*(&|and|/)\\s*(immunolog|asthma)"],
  immunologist: ["immunolog"],
  cardiologist: ["cardiolog"],
  endocrinologist: ["endocrinolog"],
  "lipid specialist": ["lipid", "lipidolog"],
  neurologist: ["neurolog", "headache medicine", "headache specialist"],
  "headache specialist": ["headache"],
  nephrologist: ["nephrolog"],
  oncologist: ["oncolog"],
  hematologist: ["hematolog"],
  ophthalmologist: ["ophthalmolog"],
  psychiatrist: ["psychiatr"],
  "infectious disease specialist": ["infectious disease"],
  otolaryngologist: ["otolaryngolog", "\\bent\\b", "ear, nose"],
  urologist: ["urolog"],
  hepatologist: ["hepatolog"],
  "sleep specialist": ["sleep medicine"],
  endocrinology: ["endocrinolog"],
};

/** Lab / clinical measure names → regex fragments used to find them in case text. */
export const MEASURES: { name: string; aliases: string[]; unit?: string }[] = [
  { name: "LDL-C", aliases: ["ldl[- ]?c\\b", "ldl[- ]?cholesterol", "ldl chol", "\\bldl\\b", "low-density lipoprotein"], unit: "mg/dL" },
  { name: "A1c", aliases: ["a1c", "hba1c", "hemoglobin a1c", "glycated hemoglobin"], unit: "%" },
  { name: "fasting plasma glucose", aliases: ["fasting (plasma )?glucose", "\\bfpg\\b"], unit: "mg/dL" },
  { name: "eosinophils", aliases: ["eosinophils?\\b", "\\beos\\b", "\\baec\\b"], unit: "cells/uL" },
  { name: "eGFR", aliases: ["egfr", "estimated gfr", "glomerular filtration"], unit: "mL/min/1.73m2" },
  { name: "FEV1", aliases: ["fev1"], unit: "% predicted" },
  { name: "ACT", aliases: ["asthma control test", "\\bact\\b(?! (?:on|as|of))"], unit: "points" },
  { name: "BSA", aliases: ["body surface area", "\\bbsa\\b"], unit: "%" },
  { name: "EASI", aliases: ["\\beasi\\b", "eczema area"], unit: "points" },
  { name: "IGA", aliases: ["\\biga\\b", "investigator'?s global"], unit: "points" },
  { name: "PASI", aliases: ["\\bpasi\\b"], unit: "points" },
  { name: "migraine days", aliases: ["migraine (headache )?days", "\\bmhd\\b", "migraine days"], unit: "days/month" },
  { name: "headache days", aliases: ["headache days"], unit: "days/month" },
  { name: "DLCN", aliases: ["dutch lipid", "\\bdlcn\\b"], unit: "points" },
  { name: "triglycerides", aliases: ["triglyceride", "\\btg\\b"], unit: "mg/dL" },
  { name: "BMI", aliases: ["\\bbmi\\b", "body mass index"], unit: "kg/m2" },
  { name: "DAS28", aliases: ["das28"], unit: "points" },
  { name: "CDAI", aliases: ["\\bcdai\\b"], unit: "points" },
  { name: "weight", aliases: ["\\bweight\\b", "\\bwt\\b", "weighing"], unit: "kg" },
  { name: "total cholesterol", aliases: ["total cholesterol", "cholesterol, total", "\\btc\\b"], unit: "mg/dL" },
  { name: "ALT", aliases: ["\\balt\\b"], unit: "U/L" },
  { name: "CK", aliases: ["\\bck\\b", "creatine kinase"], unit: "U/L" },
];

const norm = (s: string) => s.toLowerCase();

/**
 * Member drugs of a class as a policy means it: "biologic" covers every biologic class (TNF
 * inhibitors, interleukin and asthma biologics), not only the catch-all "biologic" list.
 */
export function classMembers(name: string): string[] {
  const own = DRUG_CLASSES.find((x) => x.name === name)?.members ?? [];
  if (name !== "biologic") return own;
  const more = DRUG_CLASSES.filter((c) => c.name === "TNF inhibitor" || c.name === "asthma biologic").flatMap((c) => c.members);
  return [...new Set([...own, ...more])];
}

/** Drug classes whose class aliases match `text` (lower-cased prose). */
export function classesNamedIn(text: string): DrugClass[] {
  const t = norm(text);
  return DRUG_CLASSES.filter((c) => c.aliases.some((a) => new RegExp(a, "i").test(t)));
}

/** All known drug names (class members) mentioned in `text`, lower case, deduplicated. */
export function drugNamesIn(text: string): string[] {
  const t = norm(text);
  const out = new Set<string>();
  for (const c of DRUG_CLASSES) {
    for (const m of c.members) {
      if (new RegExp(`\\b${escapeRegex(m)}\\b`, "i").test(t)) out.add(m);
    }
  }
  return [...out];
}

/** Classes a drug name belongs to (by member list). */
export function classesOfDrug(drug: string): DrugClass[] {
  const d = norm(drug);
  return DRUG_CLASSES.filter((c) => c.members.some((m) => d === m || d.startsWith(m + " ") || m.startsWith(d + " ")));
}

/**
 * Regex for one alias. Short abbreviations written as `\\bxx\\b` (RA, AD, MS, PAD ...) only match
 * in capitals, so prose words ("Ms.", "pad", "as") do not count; everything else is case-insensitive.
 */
export function aliasRegex(a: string, flags = ""): RegExp {
  const abbr = /^\\b([a-z0-9]{2,5})\\b$/.exec(a);
  if (abbr) {
    const core = abbr[1];
    if (core.length <= 2) return new RegExp(`\\b${core.toUpperCase()}\\b`, flags);
    // 3+ letters: any case mix except all-lowercase or Title-case ("PsA", "HeFH", "PAD" but not "pad"/"Pad")
    const ci = core
      .split("")
      .map((ch) => (/[a-z]/.test(ch) ? `[${ch}${ch.toUpperCase()}]` : ch))
      .join("");
    const title = core[0].toUpperCase() + core.slice(1);
    return new RegExp(`\\b(?!${core}\\b)(?!${title}\\b)${ci}\\b`, flags);
  }
  return new RegExp(a.startsWith("\\b") ? a : `\\b${a}`, "i" + flags);
}

/** Conditions whose aliases appear in `text` (original case, see aliasRegex). */
export function conditionsNamedIn(text: string): ConditionTerm[] {
  return CONDITIONS.filter((c) => c.aliases.some((a) => aliasRegex(a).test(text)));
}

export function escapeRegex(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * Screening tests a policy can require ("negative TB test within 12 months", "hepatitis B screening").
 * `policy` detects the requirement in policy prose; `aliases` find the test in a request (regex
 * fragments, lower case), including lab-report spellings and common OCR splits ("Quant iFERON").
 */
export interface ScreeningTest {
  name: string;
  policy: RegExp;
  aliases: string[];
}

export const SCREENING_TESTS: ScreeningTest[] = [
  {
    name: "tuberculosis screening",
    policy: /\b(tb|tuberculosis)\b[^.;]{0,60}\b(test|tests|testing|screen|screening|skin test|assay)\b|\b(tuberculin|interferon[- ]gamma release|igra|quantiferon|ppd)\b/i,
    aliases: [
      "quant\\s?iferon(?:[- ]tb\\w*)?(?: gold(?: plus)?)?",
      "\\bqft(?:[- ](?:plus|gold|tb))*\\b",
      "interferon[- ]gamma release assay",
      "\\bigra\\b",
      "t[- ]?spot(?:\\s?\\.?\\s?tb)?",
      "tuberculin skin test",
      "tuberculin",
      "\\btst\\b",
      "\\bppd\\b",
      "mantoux",
      "\\b(?:tb|tuberculosis)\\b(?:\\s+(?:and|&|/)\\s+\\w+)?\\s+(?:skin\\s+)?(?:test(?:ing)?|screen(?:ing)?|assay)",
    ],
  },
  {
    name: "hepatitis B screening",
    policy: /\bhepatitis b\b[^.;]{0,40}\b(test|screen|screening|serolog)|\bhbv\b[^.;]{0,30}\b(test|screen)|\bhbsag\b/i,
    aliases: ["hepatitis b surface antigen", "\\bhbsag\\b", "hepatitis b (?:screen(?:ing)?|panel|serolog\\w*)", "\\bhbv\\b\\s+(?:screen(?:ing)?|serolog\\w*|test(?:ing)?)"],
  },
];

/** Common prescriber abbreviations of generic names (lower case) → the generic they stand for. */
export const DRUG_ABBREVIATIONS: Record<string, string> = {
  mtx: "methotrexate",
  hcq: "hydroxychloroquine",
  ssz: "sulfasalazine",
  aza: "azathioprine",
  "6-mp": "mercaptopurine",
  csa: "cyclosporine",
  lef: "leflunomide",
};
