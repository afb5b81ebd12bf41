/**
 * Shared drug dictionary: generic ↔ brand names, drug class and (for topical corticosteroids)
 * potency. Plain data; consumed by extraction (mapping a written name to a generic / formulary name)
 * and by policy review (step-therapy classes). Names are lower-case; matching is case-insensitive
 * on word boundaries.
 */
export interface DrugEntry {
  generic: string;
  brands: string[];
  /** other spellings / abbreviations seen on faxes ("MTX", "HCQ") */
  aliases?: string[];
  drug_class: string;
  /** broader groupings used by policies ("csDMARD", "biologic", "statin", "TCS" ...) */
  groups?: string[];
  /** topical corticosteroid potency (US 7-class system collapsed to low/medium/high/super-high) */
  potency?: "low" | "medium" | "high" | "super-high";
}

export const DRUGS: DrugEntry[] = [
  // TNF inhibitors / biologics / targeted immunomodulators
  { generic: "adalimumab", brands: ["humira", "amjevita", "cyltezo", "hadlima", "hyrimoz", "yusimry", "hulio", "idacio", "yuflyma", "simlandi"], drug_class: "TNF inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "etanercept", brands: ["enbrel", "erelzi", "eticovo"], drug_class: "TNF inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "infliximab", brands: ["remicade", "inflectra", "renflexis", "avsola", "zymfentra"], drug_class: "TNF inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "certolizumab pegol", brands: ["cimzia"], aliases: ["certolizumab"], drug_class: "TNF inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "golimumab", brands: ["simponi", "simponi aria"], drug_class: "TNF inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "secukinumab", brands: ["cosentyx"], drug_class: "IL-17A inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "ixekizumab", brands: ["taltz"], drug_class: "IL-17A inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "bimekizumab", brands: ["bimzelx"], drug_class: "IL-17A/F inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "brodalumab", brands: ["siliq"], drug_class: "IL-17 receptor inhibitor", groups: ["biologic"] },
  { generic: "ustekinumab", brands: ["stelara", "wezlana", "selarsdi", "pyzchiva", "otulfi", "imuldosa", "yesintek", "steqeyma"], drug_class: "IL-12/23 inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "guselkumab", brands: ["tremfya"], drug_class: "IL-23 inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "risankizumab", brands: ["skyrizi"], aliases: ["risankizumab-rzaa"], drug_class: "IL-23 inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "tildrakizumab", brands: ["ilumya"], drug_class: "IL-23 inhibitor", groups: ["biologic"] },
  { generic: "mirikizumab", brands: ["omvoh"], drug_class: "IL-23 inhibitor", groups: ["biologic"] },
  { generic: "vedolizumab", brands: ["entyvio"], drug_class: "integrin inhibitor", groups: ["biologic"] },
  { generic: "natalizumab", brands: ["tysabri"], drug_class: "integrin inhibitor", groups: ["biologic"] },
  { generic: "abatacept", brands: ["orencia"], drug_class: "T-cell costimulation modulator", groups: ["biologic", "bDMARD"] },
  { generic: "tocilizumab", brands: ["actemra", "tofidence", "tyenne"], drug_class: "IL-6 receptor inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "sarilumab", brands: ["kevzara"], drug_class: "IL-6 receptor inhibitor", groups: ["biologic", "bDMARD"] },
  { generic: "anakinra", brands: ["kineret"], drug_class: "IL-1 receptor antagonist", groups: ["biologic"] },
  { generic: "rituximab", brands: ["rituxan", "truxima", "ruxience", "riabni"], drug_class: "anti-CD20 antibody", groups: ["biologic"] },
  { generic: "tofacitinib", brands: ["xeljanz", "xeljanz xr"], drug_class: "JAK inhibitor", groups: ["targeted synthetic DMARD", "JAK inhibitor"] },
  { generic: "upadacitinib", brands: ["rinvoq"], drug_class: "JAK inhibitor", groups: ["targeted synthetic DMARD", "JAK inhibitor"] },
  { generic: "baricitinib", brands: ["olumiant"], drug_class: "JAK inhibitor", groups: ["targeted synthetic DMARD", "JAK inhibitor"] },
  { generic: "abrocitinib", brands: ["cibinqo"], drug_class: "JAK inhibitor", groups: ["JAK inhibitor"] },
  { generic: "ruxolitinib", brands: ["jakafi", "opzelura"], drug_class: "JAK inhibitor", groups: ["JAK inhibitor"] },
  { generic: "deucravacitinib", brands: ["sotyktu"], drug_class: "TYK2 inhibitor", groups: ["targeted synthetic DMARD"] },
  { generic: "apremilast", brands: ["otezla"], drug_class: "PDE4 inhibitor", groups: ["targeted synthetic DMARD"] },
  { generic: "roflumilast", brands: ["daliresp", "zoryve"], drug_class: "PDE4 inhibitor" },
  { generic: "dupilumab", brands: ["dupixent"], drug_class: "IL-4 receptor alpha antagonist", groups: ["biologic"] },
  { generic: "tralokinumab", brands: ["adbry"], aliases: ["tralokinumab-ldrm"], drug_class: "IL-13 inhibitor", groups: ["biologic"] },
  { generic: "lebrikizumab", brands: ["ebglyss"], drug_class: "IL-13 inhibitor", groups: ["biologic"] },
  { generic: "nemolizumab", brands: ["nemluvio"], drug_class: "IL-31 receptor antagonist", groups: ["biologic"] },
  { generic: "omalizumab", brands: ["xolair"], drug_class: "anti-IgE antibody", groups: ["biologic"] },
  { generic: "mepolizumab", brands: ["nucala"], drug_class: "IL-5 inhibitor", groups: ["biologic"] },
  { generic: "reslizumab", brands: ["cinqair"], drug_class: "IL-5 inhibitor", groups: ["biologic"] },
  { generic: "benralizumab", brands: ["fasenra"], drug_class: "IL-5 receptor antagonist", groups: ["biologic"] },
  { generic: "tezepelumab", brands: ["tezspire"], aliases: ["tezepelumab-ekko"], drug_class: "TSLP blocker", groups: ["biologic"] },
  // csDMARDs / immunomodulators
  { generic: "methotrexate", brands: ["trexall", "otrexup", "rasuvo", "xatmep", "rheumatrex"], aliases: ["mtx"], drug_class: "antimetabolite", groups: ["csDMARD", "conventional systemic"] },
  { generic: "leflunomide", brands: ["arava"], aliases: ["lef"], drug_class: "pyrimidine synthesis inhibitor", groups: ["csDMARD"] },
  { generic: "hydroxychloroquine", brands: ["plaquenil"], aliases: ["hcq"], drug_class: "antimalarial", groups: ["csDMARD"] },
  { generic: "sulfasalazine", brands: ["azulfidine"], aliases: ["ssz"], drug_class: "aminosalicylate", groups: ["csDMARD"] },
  { generic: "azathioprine", brands: ["imuran", "azasan"], aliases: ["aza"], drug_class: "thiopurine", groups: ["immunomodulator", "conventional systemic"] },
  { generic: "mercaptopurine", brands: ["purixan"], aliases: ["6-mp"], drug_class: "thiopurine", groups: ["immunomodulator"] },
  { generic: "cyclosporine", brands: ["neoral", "sandimmune", "gengraf"], drug_class: "calcineurin inhibitor", groups: ["conventional systemic"] },
  { generic: "mycophenolate mofetil", brands: ["cellcept"], aliases: ["mycophenolate", "mmf"], drug_class: "antimetabolite", groups: ["conventional systemic"] },
  { generic: "acitretin", brands: ["soriatane"], drug_class: "retinoid", groups: ["conventional systemic"] },
  { generic: "colchicine", brands: ["colcrys", "mitigare", "gloperba"], drug_class: "anti-gout agent" },
  { generic: "mesalamine", brands: ["lialda", "asacol", "pentasa", "apriso", "delzicol"], drug_class: "aminosalicylate" },
  { generic: "budesonide", brands: ["entocort", "uceris", "ortikos"], drug_class: "corticosteroid", groups: ["corticosteroid"] },
  { generic: "prednisone", brands: ["deltasone", "rayos"], drug_class: "corticosteroid", groups: ["corticosteroid", "OCS"] },
  { generic: "prednisolone", brands: ["orapred", "millipred"], drug_class: "corticosteroid", groups: ["corticosteroid", "OCS"] },
  { generic: "methylprednisolone", brands: ["medrol", "solu-medrol"], drug_class: "corticosteroid", groups: ["corticosteroid", "OCS"] },
  { generic: "dexamethasone", brands: ["decadron"], drug_class: "corticosteroid", groups: ["corticosteroid", "OCS"] },
  // topical corticosteroids / topicals
  { generic: "clobetasol propionate", brands: ["temovate", "clobex", "olux", "impoyz"], aliases: ["clobetasol"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "super-high" },
  { generic: "halobetasol propionate", brands: ["ultravate", "bryhali", "lexette"], aliases: ["halobetasol"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "super-high" },
  { generic: "betamethasone dipropionate", brands: ["diprolene", "sernivo"], aliases: ["betamethasone"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "high" },
  { generic: "fluocinonide", brands: ["lidex", "vanos"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "high" },
  { generic: "desoximetasone", brands: ["topicort"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "high" },
  { generic: "mometasone furoate", brands: ["elocon"], aliases: ["mometasone"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "medium" },
  { generic: "triamcinolone acetonide", brands: ["kenalog", "triderm"], aliases: ["triamcinolone", "tac"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "medium" },
  { generic: "fluocinolone acetonide", brands: ["synalar", "derma-smoothe"], aliases: ["fluocinolone"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "medium" },
  { generic: "fluticasone propionate", brands: ["cutivate"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "medium" },
  { generic: "betamethasone valerate", brands: ["luxiq"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "medium" },
  { generic: "hydrocortisone valerate", brands: ["westcort"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "medium" },
  { generic: "desonide", brands: ["desowen", "verdeso"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "low" },
  { generic: "hydrocortisone", brands: ["cortaid", "anusol-hc"], drug_class: "topical corticosteroid", groups: ["TCS"], potency: "low" },
  { generic: "tacrolimus", brands: ["protopic", "prograf"], drug_class: "calcineurin inhibitor", groups: ["TCI"] },
  { generic: "pimecrolimus", brands: ["elidel"], drug_class: "calcineurin inhibitor", groups: ["TCI"] },
  { generic: "crisaborole", brands: ["eucrisa"], drug_class: "PDE4 inhibitor (topical)" },
  { generic: "calcipotriene", brands: ["dovonex", "sorilux"], aliases: ["calcipotriol"], drug_class: "vitamin D analog (topical)" },
  { generic: "tapinarof", brands: ["vtama"], drug_class: "AhR agonist (topical)" },
  { generic: "tazarotene", brands: ["tazorac"], drug_class: "retinoid (topical)" },
  // diabetes / obesity
  { generic: "semaglutide", brands: ["ozempic", "wegovy", "rybelsus"], drug_class: "GLP-1 receptor agonist", groups: ["GLP-1 RA"] },
  { generic: "tirzepatide", brands: ["mounjaro", "zepbound"], drug_class: "GIP/GLP-1 receptor agonist", groups: ["GLP-1 RA"] },
  { generic: "dulaglutide", brands: ["trulicity"], drug_class: "GLP-1 receptor agonist", groups: ["GLP-1 RA"] },
  { generic: "liraglutide", brands: ["victoza", "saxenda"], drug_class: "GLP-1 receptor agonist", groups: ["GLP-1 RA"] },
  { generic: "exenatide", brands: ["byetta", "bydureon", "bydureon bcise"], drug_class: "GLP-1 receptor agonist", groups: ["GLP-1 RA"] },
  { generic: "metformin", brands: ["glucophage", "glumetza", "fortamet", "riomet"], aliases: ["metformin er", "metformin xr"], drug_class: "biguanide" },
  { generic: "glipizide", brands: ["glucotrol"], drug_class: "sulfonylurea" },
  { generic: "glimepiride", brands: ["amaryl"], drug_class: "sulfonylurea" },
  { generic: "glyburide", brands: ["diabeta", "glynase"], drug_class: "sulfonylurea" },
  { generic: "pioglitazone", brands: ["actos"], drug_class: "thiazolidinedione" },
  { generic: "sitagliptin", brands: ["januvia"], drug_class: "DPP-4 inhibitor" },
  { generic: "linagliptin", brands: ["tradjenta"], drug_class: "DPP-4 inhibitor" },
  { generic: "empagliflozin", brands: ["jardiance"], drug_class: "SGLT2 inhibitor" },
  { generic: "dapagliflozin", brands: ["farxiga"], drug_class: "SGLT2 inhibitor" },
  { generic: "canagliflozin", brands: ["invokana"], drug_class: "SGLT2 inhibitor" },
  { generic: "insulin glargine", brands: ["lantus", "basaglar", "toujeo", "semglee", "rezvoglar"], drug_class: "basal insulin", groups: ["insulin"] },
  { generic: "insulin degludec", brands: ["tresiba"], drug_class: "basal insulin", groups: ["insulin"] },
  { generic: "insulin lispro", brands: ["humalog", "admelog", "lyumjev"], drug_class: "rapid-acting insulin", groups: ["insulin"] },
  { generic: "insulin aspart", brands: ["novolog", "fiasp"], drug_class: "rapid-acting insulin", groups: ["insulin"] },
  { generic: "phentermine", brands: ["adipex-p", "lomaira"], drug_class: "sympathomimetic anorectic" },
  // lipids
  { generic: "atorvastatin", brands: ["lipitor"], drug_class: "statin", groups: ["statin"] },
  { generic: "rosuvastatin", brands: ["crestor", "ezallor"], drug_class: "statin", groups: ["statin"] },
  { generic: "simvastatin", brands: ["zocor"], drug_class: "statin", groups: ["statin"] },
  { generic: "pravastatin", brands: ["pravachol"], drug_class: "statin", groups: ["statin"] },
  { generic: "lovastatin", brands: ["mevacor", "altoprev"], drug_class: "statin", groups: ["statin"] },
  { generic: "pitavastatin", brands: ["livalo", "zypitamag"], drug_class: "statin", groups: ["statin"] },
  { generic: "fluvastatin", brands: ["lescol"], drug_class: "statin", groups: ["statin"] },
  { generic: "ezetimibe", brands: ["zetia"], drug_class: "cholesterol absorption inhibitor" },
  { generic: "evolocumab", brands: ["repatha"], drug_class: "PCSK9 inhibitor", groups: ["PCSK9 inhibitor"] },
  { generic: "alirocumab", brands: ["praluent"], drug_class: "PCSK9 inhibitor", groups: ["PCSK9 inhibitor"] },
  { generic: "inclisiran", brands: ["leqvio"], drug_class: "PCSK9 siRNA" },
  { generic: "bempedoic acid", brands: ["nexletol", "nexlizet"], drug_class: "ACL inhibitor" },
  { generic: "icosapent ethyl", brands: ["vascepa"], drug_class: "omega-3 fatty acid" },
  { generic: "fenofibrate", brands: ["tricor", "trilipix"], drug_class: "fibrate" },
  // migraine
  { generic: "erenumab", brands: ["aimovig"], aliases: ["erenumab-aooe"], drug_class: "CGRP receptor antagonist (mAb)", groups: ["CGRP mAb"] },
  { generic: "fremanezumab", brands: ["ajovy"], aliases: ["fremanezumab-vfrm"], drug_class: "CGRP antagonist (mAb)", groups: ["CGRP mAb"] },
  { generic: "galcanezumab", brands: ["emgality"], aliases: ["galcanezumab-gnlm"], drug_class: "CGRP antagonist (mAb)", groups: ["CGRP mAb"] },
  { generic: "eptinezumab", brands: ["vyepti"], drug_class: "CGRP antagonist (mAb)", groups: ["CGRP mAb"] },
  { generic: "rimegepant", brands: ["nurtec", "nurtec odt"], drug_class: "CGRP receptor antagonist (gepant)" },
  { generic: "atogepant", brands: ["qulipta"], drug_class: "CGRP receptor antagonist (gepant)" },
  { generic: "ubrogepant", brands: ["ubrelvy"], drug_class: "CGRP receptor antagonist (gepant)" },
  { generic: "onabotulinumtoxinA", brands: ["botox"], drug_class: "neurotoxin" },
  { generic: "topiramate", brands: ["topamax", "trokendi xr", "qudexy xr"], drug_class: "anticonvulsant", groups: ["migraine preventive"] },
  { generic: "divalproex sodium", brands: ["depakote"], aliases: ["valproate", "divalproex", "valproic acid"], drug_class: "anticonvulsant", groups: ["migraine preventive"] },
  { generic: "propranolol", brands: ["inderal", "inderal la", "innopran xl"], drug_class: "beta blocker", groups: ["migraine preventive"] },
  { generic: "metoprolol", brands: ["lopressor", "toprol-xl", "toprol xl"], drug_class: "beta blocker", groups: ["migraine preventive"] },
  { generic: "timolol", brands: ["blocadren"], drug_class: "beta blocker", groups: ["migraine preventive"] },
  { generic: "amitriptyline", brands: ["elavil"], drug_class: "tricyclic antidepressant", groups: ["migraine preventive"] },
  { generic: "nortriptyline", brands: ["pamelor"], drug_class: "tricyclic antidepressant", groups: ["migraine preventive"] },
  { generic: "venlafaxine", brands: ["effexor", "effexor xr"], drug_class: "SNRI", groups: ["migraine preventive"] },
  { generic: "candesartan", brands: ["atacand"], drug_class: "ARB", groups: ["migraine preventive"] },
  { generic: "sumatriptan", brands: ["imitrex"], drug_class: "triptan" },
  { generic: "rizatriptan", brands: ["maxalt"], drug_class: "triptan" },
  // asthma / respiratory
  { generic: "montelukast", brands: ["singulair"], drug_class: "leukotriene receptor antagonist", groups: ["LTRA", "controller"] },
  { generic: "fluticasone/salmeterol", brands: ["advair", "wixela", "airduo"], drug_class: "ICS/LABA", groups: ["ICS", "LABA", "controller"] },
  { generic: "budesonide/formoterol", brands: ["symbicort", "breyna"], drug_class: "ICS/LABA", groups: ["ICS", "LABA", "controller"] },
  { generic: "fluticasone/vilanterol", brands: ["breo ellipta", "breo"], drug_class: "ICS/LABA", groups: ["ICS", "LABA", "controller"] },
  { generic: "mometasone/formoterol", brands: ["dulera"], drug_class: "ICS/LABA", groups: ["ICS", "LABA", "controller"] },
  { generic: "fluticasone/umeclidinium/vilanterol", brands: ["trelegy ellipta", "trelegy"], drug_class: "ICS/LAMA/LABA", groups: ["ICS", "LABA", "LAMA", "controller"] },
  { generic: "budesonide/glycopyrrolate/formoterol", brands: ["breztri"], drug_class: "ICS/LAMA/LABA", groups: ["ICS", "LABA", "LAMA", "controller"] },
  { generic: "tiotropium", brands: ["spiriva", "spiriva respimat"], drug_class: "LAMA", groups: ["LAMA", "controller"] },
  { generic: "fluticasone propionate inhaled", brands: ["flovent", "arnuity"], drug_class: "ICS", groups: ["ICS", "controller"] },
  { generic: "albuterol", brands: ["proair", "ventolin", "proventil"], drug_class: "SABA" },
  // other commonly cited
  { generic: "ciprofloxacin", brands: ["cipro"], drug_class: "fluoroquinolone antibiotic" },
  { generic: "metronidazole", brands: ["flagyl"], drug_class: "nitroimidazole antibiotic" },
  { generic: "cetirizine", brands: ["zyrtec"], drug_class: "antihistamine" },
  { generic: "naproxen", brands: ["naprosyn", "aleve"], drug_class: "NSAID", groups: ["NSAID"] },
  { generic: "ibuprofen", brands: ["advil", "motrin"], drug_class: "NSAID", groups: ["NSAID"] },
  { generic: "celecoxib", brands: ["celebrex"], drug_class: "NSAID", groups: ["NSAID"] },
  { generic: "meloxicam", brands: ["mobic"], drug_class: "NSAID", groups: ["NSAID"] },
  { generic: "lisinopril", brands: ["zestril", "prinivil"], drug_class: "ACE inhibitor" },
  { generic: "amlodipine", brands: ["norvasc"], drug_class: "calcium channel blocker" },
  { generic: "folic acid", brands: [], drug_class: "vitamin" },
  { generic: "omeprazole", brands: ["prilosec"], drug_class: "proton pump inhibitor" },
  { generic: "levothyroxine", brands: ["synthroid", "levoxyl", "unithroid"], drug_class: "thyroid hormone" },
  { generic: "sertraline", brands: ["zoloft"], drug_class: "SSRI" },
  { generic: "gabapentin", brands: ["neurontin"], drug_class: "anticonvulsant" },
  { generic: "teriparatide", brands: ["forteo"], drug_class: "PTH analog" },
  { generic: "denosumab", brands: ["prolia", "xgeva"], drug_class: "RANKL inhibitor", groups: ["biologic"] },
  { generic: "alendronate", brands: ["fosamax"], drug_class: "bisphosphonate" },
];

export interface DrugMention {
  entry: DrugEntry;
  /** the surface form matched (lower-case) */
  matched: string;
  kind: "generic" | "brand" | "alias";
  index: number;
  length: number;
}

interface Surface { text: string; entry: DrugEntry; kind: DrugMention["kind"] }

const SURFACES: Surface[] = (() => {
  const out: Surface[] = [];
  for (const e of DRUGS) {
    out.push({ text: e.generic, entry: e, kind: "generic" });
    for (const b of e.brands) out.push({ text: b, entry: e, kind: "brand" });
    for (const a of e.aliases ?? []) out.push({ text: a, entry: e, kind: "alias" });
  }
  // longest first so "insulin glargine" wins over "insulin", "metformin er" over "metformin"
  return out.sort((a, b) => b.text.length - a.text.length);
})();

function esc(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&").replace(/\s+/g, "\\s+");
}

const SURFACE_RE = new RegExp(`(?<![A-Za-z])(${SURFACES.map((s) => esc(s.text)).join("|")})(?![A-Za-z])`, "gi");

/** Every dictionary drug mention in `text` (non-overlapping, left to right). */
export function findDrugMentions(text: string): DrugMention[] {
  const out: DrugMention[] = [];
  SURFACE_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SURFACE_RE.exec(text))) {
    const low = m[1].toLowerCase().replace(/\s+/g, " ");
    const s = SURFACES.find((x) => x.text === low);
    if (!s) continue;
    // short upper-case abbreviations (MTX, HCQ) must be written in capitals to count
    if (s.kind === "alias" && s.text.length <= 4 && m[1] !== m[1].toUpperCase()) continue;
    out.push({ entry: s.entry, matched: low, kind: s.kind, index: m.index, length: m[1].length });
  }
  return out;
}

/** Looks up a drug by any of its names (case-insensitive); null when unknown. */
export function lookupDrug(name: string): DrugEntry | null {
  const low = name.trim().toLowerCase();
  const s = SURFACES.find((x) => x.text === low);
  if (s) return s.entry;
  return findDrugMentions(name)[0]?.entry ?? null;
}
