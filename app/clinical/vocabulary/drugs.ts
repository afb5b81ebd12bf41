/**
 * The drug directory of the clinical engine: one entry per active ingredient (generic name, brand
 * names, abbreviations prescribers write, classes), plus the class hierarchy policies use
 * ("a biologic", "a TNF inhibitor", "a conventional systemic agent").
 *
 * This is the only drug vocabulary: extraction maps a written name to a generic with it, the policy
 * reader finds the drugs and classes a criterion names with it, and the reviewer expands a class
 * into its members with it. Drugs outside the directory are still recognised by their INN stem
 * (`stemClass`), so an unseen "-mab" or "-gliflozin" is a biologic or an SGLT2 inhibitor.
 *
 * Sources: FDA NDC Directory proprietary/non-proprietary names; WHO INN "stem book" (2018);
 * ACC/AHA 2018 cholesterol guideline (statin intensity); US topical corticosteroid potency classes
 * I–VII (collapsed to super-high/high/medium/low); GINA 2024 (asthma controllers).
 */

import { EXTRA_CLASSES, EXTRA_DRUGS_1 } from "./drugs-extra-1";
import { EXTRA_DRUGS_2 } from "./drugs-extra-2";
import { EXTRA_DRUGS_3 } from "./drugs-extra-3";
import { EXTRA_DRUGS_4 } from "./drugs-extra-4";
import { EXTRA_DRUGS_5 } from "./drugs-extra-5";
import { EXTRA_DRUGS_6 } from "./drugs-extra-6";
import { EXTRA_DRUGS_7 } from "./drugs-extra-7";
import { EXTRA_DRUGS_8 } from "./drugs-extra-8";

export interface DrugEntry {
  generic: string;
  brands: string[];
  /** other spellings and abbreviations seen on faxes ("MTX", "HCQ"); ≤ 4 letters must be written in capitals */
  aliases?: string[];
  /** class names (see DRUG_CLASSES), most specific first */
  classes: string[];
  /** topical corticosteroid potency */
  potency?: "low" | "medium" | "high" | "super-high";
}

export interface DrugClass {
  name: string;
  /** regex fragments (lower case) that name the class in prose */
  aliases: string[];
  /** broader classes this one belongs to */
  parents?: string[];
  /** biologic or targeted synthetic immunomodulator (combination/duplicate-therapy checks) */
  immunomodulator?: boolean;
  /**
   * A therapy that is not a drug (physical therapy). Its members are NON_DRUG_THERAPIES, not
   * directory drugs, so extraction never takes one for a medication.
   */
  nonDrug?: boolean;
}

const D = (generic: string, brands: string[], classes: string[], extra: Partial<DrugEntry> = {}): DrugEntry => ({ generic, brands, classes, ...extra });

export const DRUG_CLASSES: DrugClass[] = [
  // immunology
  {
    name: "biologic",
    aliases: ["biologics?\\b", "biological (?:agent|therap|drug|dmard|product)", "\\bbdmards?\\b", "biologic (?:dmard|response modifier)"],
    immunomodulator: true,
  },
  { name: "targeted synthetic DMARD", aliases: ["targeted synthetic", "\\btsdmards?\\b", "small[- ]molecule"], immunomodulator: true },
  {
    name: "TNF inhibitor",
    aliases: ["tnf(?:-alpha|α)? (?:inhibitor|blocker|antagonist)s?", "\\btnfi\\b", "tumor necrosis factor", "anti-?tnf"],
    parents: ["biologic"],
    immunomodulator: true,
  },
  { name: "IL-17 inhibitor", aliases: ["il-?17", "interleukin-?17"], parents: ["biologic"], immunomodulator: true },
  { name: "IL-23 inhibitor", aliases: ["il-?23", "interleukin-?23", "il-?12/23"], parents: ["biologic"], immunomodulator: true },
  { name: "IL-6 inhibitor", aliases: ["il-?6", "interleukin-?6"], parents: ["biologic"], immunomodulator: true },
  { name: "IL-1 inhibitor", aliases: ["il-?1 (?:inhibitor|blocker|antagonist)", "interleukin-?1\\b"], parents: ["biologic"], immunomodulator: true },
  { name: "integrin inhibitor", aliases: ["integrin"], parents: ["biologic"], immunomodulator: true },
  { name: "T-cell costimulation modulator", aliases: ["costimulation"], parents: ["biologic"], immunomodulator: true },
  { name: "anti-CD20 antibody", aliases: ["anti-?cd20", "cd20"], parents: ["biologic"], immunomodulator: true },
  { name: "BLyS inhibitor", aliases: ["blys", "b-lymphocyte stimulator"], parents: ["biologic"], immunomodulator: true },
  { name: "JAK inhibitor", aliases: ["jak inhibitors?", "janus kinase"], parents: ["targeted synthetic DMARD"], immunomodulator: true },
  { name: "PDE4 inhibitor", aliases: ["pde-?4"], parents: ["targeted synthetic DMARD"], immunomodulator: true },
  { name: "TYK2 inhibitor", aliases: ["tyk2"], parents: ["targeted synthetic DMARD"], immunomodulator: true },
  { name: "S1P receptor modulator", aliases: ["s1p", "sphingosine"], parents: ["targeted synthetic DMARD"], immunomodulator: true },
  {
    name: "asthma biologic",
    aliases: ["biologics? for asthma", "asthma biologics?", "anti-?il-?5", "anti-?ige", "il-?4", "tslp"],
    parents: ["biologic"],
    immunomodulator: true,
  },
  { name: "atopic dermatitis biologic", aliases: ["il-?13", "il-?31"], parents: ["biologic"], immunomodulator: true },
  {
    name: "conventional synthetic DMARD",
    aliases: [
      "csdmards?",
      "conventional synthetic",
      "conventional (?:systemic|dmard|disease-modifying)",
      "traditional (?:systemic|dmard)",
      "non-?biologic (?:dmard|systemic)",
      // a bare "DMARD", not the qualified "biologic DMARD" / "targeted synthetic DMARD" (other classes)
      "(?<!(?:targeted synthetic|synthetic|biologic(?:al)?|targeted)[\\s-]+)\\bdmards?\\b",
      "(?<!(?:targeted synthetic|biologic(?:al)?|targeted)[\\s-]+)disease[- ]modifying anti-?rheumatic",
    ],
  },
  {
    name: "conventional systemic agent",
    aliases: ["conventional systemic", "traditional systemic", "systemic (?:agent|therapy|immunosuppressant)s? such as", "oral systemic"],
  },
  // "potent immunosuppressants (e.g., azathioprine, cyclosporine)" is the JAK-inhibitor labels' phrase for
  // the drugs it names, not every immunomodulator (methotrexate is given with them)
  { name: "immunomodulator", aliases: ["immunomodulators?\\b", "thiopurines?", "(?<!potent\\s+)immunosuppressants?"] },
  { name: "aminosalicylate", aliases: ["aminosalicylates?", "5-?asa", "mesalamine products?"] },
  {
    name: "systemic corticosteroid",
    aliases: [
      "systemic (?:cortico)?steroids?",
      "oral (?:cortico)?steroids?",
      "\\bocs\\b",
      "glucocorticoids?",
      "(?<!topical |inhaled |intranasal |nasal )corticosteroids?\\b",
      "prednisone or equivalent",
      "steroid bursts?",
    ],
  },
  {
    name: "topical corticosteroid",
    aliases: ["topical (?:cortico)?steroids?", "\\btcs\\b", "(?:medium|high|super-?high|low)[- ]potency (?:topical )?(?:cortico)?steroids?"],
  },
  { name: "topical calcineurin inhibitor", aliases: ["topical calcineurin", "\\btcis?\\b"] },
  { name: "topical therapy", aliases: ["topical (?:therap|agent|treatment|medication)"] },
  { name: "phototherapy", aliases: ["phototherapy", "\\bpuva\\b", "\\buvb\\b", "narrow-?band", "light therapy", "ultraviolet"] },
  { name: "antimalarial", aliases: ["antimalarials?"] },
  // cardiometabolic
  // genitourinary: overactive bladder and BPH (AUA/SUFU OAB guideline 2024; AUA BPH guideline 2021)
  { name: "OAB antimuscarinic", aliases: ["(?:oab |bladder |urinary )?antimuscarinics?\\b(?! bronchodilator)", "bladder antispasmodics?"] },
  { name: "beta-3 agonist", aliases: ["beta-?3 (?:adrenergic )?agonists?", "β-?3 (?:adrenergic )?agonists?"] },
  { name: "alpha-1 blocker", aliases: ["alpha-?1?[- ](?:adrenergic )?(?:blockers?|antagonists?)", "α-?1?[- ]?(?:adrenergic )?blockers?"] },
  // gout: urate-lowering therapy (ACR 2020 gout guideline: xanthine oxidase inhibitors first line,
  // uricosurics, pegloticase for refractory disease)
  {
    name: "urate-lowering therapy",
    aliases: ["urate[- ]lowering (?:therap(?:y|ies)|agents?|drugs?|medications?|treatment)", "\\bults?\\b(?= (?:therap|agent|drug))"],
  },
  { name: "xanthine oxidase inhibitor", aliases: ["xanthine oxidase inhibitors?", "\\bxois?\\b"], parents: ["urate-lowering therapy"] },
  { name: "uricosuric", aliases: ["uricosurics?(?: agents?| drugs?)?"], parents: ["urate-lowering therapy"] },
  { name: "statin", aliases: ["statins?\\b", "hmg-?coa reductase", "high-intensity statin", "moderate-intensity statin"] },
  { name: "cholesterol absorption inhibitor", aliases: ["ezetimibe", "cholesterol absorption"] },
  { name: "PCSK9 inhibitor", aliases: ["pcsk9"] },
  { name: "fibrate", aliases: ["fibrates?\\b"] },
  { name: "omega-3 fatty acid", aliases: ["omega-?3", "fish oil"] },
  { name: "biguanide", aliases: ["metformin", "biguanide"] },
  { name: "sulfonylurea", aliases: ["sulfonylureas?"] },
  { name: "DPP-4 inhibitor", aliases: ["dpp-?4", "dipeptidyl peptidase", "gliptins?"] },
  { name: "SGLT2 inhibitor", aliases: ["sglt-?2", "sodium-glucose", "gliflozins?"] },
  { name: "GLP-1 receptor agonist", aliases: ["glp-?1", "glucagon-like peptide", "incretin mimetic", "gip/glp-?1"] },
  { name: "thiazolidinedione", aliases: ["thiazolidinediones?", "\\btzds?\\b", "glitazones?"] },
  { name: "insulin", aliases: ["insulins?\\b", "basal insulin", "bolus insulin"] },
  {
    name: "antidiabetic",
    aliases: ["antidiabetics?", "anti-?diabetic", "diabetes medications?", "glucose-lowering", "hypoglycemic agents?", "oral (?:anti-?)?diabetic"],
  },
  { name: "anti-obesity medication", aliases: ["anti-?obesity", "weight[- ]loss (?:medication|drug|agent)s?"] },
  { name: "ACE inhibitor", aliases: ["ace inhibitors?", "\\baceis?\\b", "angiotensin[- ]converting"] },
  // monoamine oxidase inhibitors: antidepressants, antiparkinson agents and linezolid (serotonergic and
  // sympathomimetic drug labels exclude use with them or within 14 days of them)
  { name: "MAO inhibitor", aliases: ["monoamine oxidase inhibitors?", "\\bmaois?\\b", "\\bmao[- ]inhibitors?\\b"] },
  { name: "angiotensin receptor blocker", aliases: ["angiotensin (?:ii )?receptor blockers?", "\\barbs?\\b"] },
  { name: "ARNI", aliases: ["\\barni\\b", "neprilysin"] },
  { name: "beta-blocker", aliases: ["beta[- ]?blockers?", "β-blockers?", "beta[- ]adrenergic (?:blocker|antagonist)"] },
  { name: "calcium channel blocker", aliases: ["calcium channel blockers?", "\\bccbs?\\b"] },
  { name: "diuretic", aliases: ["diuretics?"] },
  { name: "mineralocorticoid receptor antagonist", aliases: ["mineralocorticoid", "\\bmras?\\b", "aldosterone antagonists?"] },
  { name: "anticoagulant", aliases: ["anticoagulants?", "\\bdoacs?\\b", "\\bnoacs?\\b", "direct oral anticoagulant", "factor xa"] },
  { name: "antiplatelet", aliases: ["antiplatelets?", "p2y12"] },
  // pulmonary arterial hypertension (ESC/ERS 2022 PH guideline drug classes)
  {
    name: "PAH therapy",
    aliases: ["pah (?:therap(?:y|ies)|medications?|agents?|drugs?)", "pulmonary (?:arterial )?hypertension (?:therap(?:y|ies)|medications?|agents?)"],
  },
  { name: "endothelin receptor antagonist", aliases: ["endothelin(?:[- ]receptor)? (?:antagonists?|blockers?)", "\\beras?\\b"], parents: ["PAH therapy"] },
  { name: "PDE-5 inhibitor", aliases: ["pde-?5(?: inhibitors?|i)?\\b", "phosphodiesterase(?: type)?[- ]5"], parents: ["PAH therapy"] },
  { name: "soluble guanylate cyclase stimulator", aliases: ["soluble guanylate cyclase", "\\bsgc stimulators?"], parents: ["PAH therapy"] },
  {
    name: "prostacyclin pathway agent",
    aliases: ["prostacyclin(?: pathway)?(?: agents?| analogu?e?s?| receptor agonists?| ip receptor agonists?)?", "prostanoids?", "ip receptor agonists?"],
    parents: ["PAH therapy"],
  },
  // neurology / psychiatry / pain
  { name: "triptan", aliases: ["triptans?\\b", "5-ht1[bdf]?(?: agonist)?s?"] },
  { name: "CGRP antagonist", aliases: ["cgrp"] },
  { name: "CGRP monoclonal antibody", aliases: ["cgrp (?:monoclonal|mab|antibod)", "anti-?cgrp"], parents: ["CGRP antagonist", "biologic"] },
  { name: "gepant", aliases: ["gepants?\\b", "small[- ]molecule cgrp"], parents: ["CGRP antagonist"] },
  { name: "anticonvulsant", aliases: ["anticonvulsants?", "antiepileptics?", "anti-?seizure", "\\baeds?\\b", "\\basms?\\b"] },
  { name: "tricyclic antidepressant", aliases: ["tricyclics?", "\\btcas?\\b"] },
  { name: "SNRI", aliases: ["\\bsnris?\\b", "serotonin[- ]norepinephrine"] },
  { name: "SSRI", aliases: ["\\bssris?\\b", "selective serotonin"] },
  { name: "antidepressant", aliases: ["antidepressants?"] },
  { name: "antipsychotic", aliases: ["antipsychotics?", "neuroleptics?"] },
  { name: "atypical antipsychotic", aliases: ["atypical antipsychotics?", "second[- ]generation antipsychotics?", "\\bsgas?\\b"], parents: ["antipsychotic"] },
  { name: "mood stabilizer", aliases: ["mood stabili[sz]ers?"] },
  { name: "benzodiazepine", aliases: ["benzodiazepines?"] },
  { name: "sedative-hypnotic", aliases: ["hypnotics?", "sleep aids?", "z-drugs?"] },
  { name: "CNS stimulant", aliases: ["stimulants?\\b", "amphetamines?", "methylphenidates?", "psychostimulants?"] },
  { name: "non-stimulant ADHD medication", aliases: ["non-?stimulants?"] },
  { name: "wakefulness-promoting agent", aliases: ["wake(?:fulness)?[- ]promoting", "eugeroics?"] },
  { name: "opioid", aliases: ["opioids?\\b", "opiates?"] },
  { name: "NSAID", aliases: ["\\bnsaids?\\b", "non-?steroidal anti-?inflammatory", "cox-?2"] },
  { name: "muscle relaxant", aliases: ["muscle relaxants?"] },
  { name: "MS disease-modifying therapy", aliases: ["disease[- ]modifying therap(?:y|ies) for (?:ms|multiple sclerosis)", "\\bdmts?\\b", "ms therap"] },
  { name: "cholinesterase inhibitor", aliases: ["cholinesterase inhibitors?"] },
  { name: "dopamine agonist", aliases: ["dopamine agonists?"] },
  { name: "VMAT2 inhibitor", aliases: ["vmat-?2"] },
  // respiratory / allergy
  { name: "inhaled corticosteroid", aliases: ["inhaled (?:cortico)?steroids?", "\\bics\\b"] },
  { name: "long-acting beta agonist", aliases: ["long-acting beta", "\\blabas?\\b"] },
  { name: "long-acting muscarinic antagonist", aliases: ["long-acting (?:muscarinic|anticholinergic)", "\\blamas?\\b"] },
  { name: "leukotriene modifier", aliases: ["leukotriene", "\\bltras?\\b"] },
  { name: "asthma controller", aliases: ["controller (?:medication|therap)", "second controller", "additional controller"] },
  { name: "short-acting beta agonist", aliases: ["short-acting beta", "\\bsabas?\\b", "rescue inhaler"] },
  { name: "intranasal corticosteroid", aliases: ["(?:intra)?nasal (?:cortico)?steroids?", "\\bincs\\b"] },
  { name: "H1 antihistamine", aliases: ["antihistamines?", "h1[- ](?:anti)?histamines?", "h1 blockers?", "second[- ]generation (?:h1 )?antihistamines?"] },
  { name: "H2 antagonist", aliases: ["h2[- ](?:receptor )?(?:antagonists?|blockers?)"] },
  // GI / hepatology
  { name: "proton pump inhibitor", aliases: ["proton pump inhibitors?", "\\bppis?\\b"] },
  { name: "laxative", aliases: ["laxatives?", "osmotic laxatives?", "stimulant laxatives?"] },
  { name: "bile acid", aliases: ["ursodiol", "bile acids?"] },
  { name: "antiviral (HCV)", aliases: ["direct-acting antivirals?", "\\bdaas?\\b"] },
  { name: "antiretroviral", aliases: ["antiretrovirals?", "\\barts?\\b", "\\bhaart\\b"] },
  // bone / endocrine
  { name: "bisphosphonate", aliases: ["bisphosphonates?"] },
  { name: "osteoanabolic agent", aliases: ["anabolic agents?", "pth analog", "osteoanabolic"] },
  { name: "growth hormone", aliases: ["growth hormone", "somatropin products?"] },
  { name: "testosterone", aliases: ["testosterone (?:replacement|therapy|products?)", "androgens?"] },
  { name: "thyroid hormone", aliases: ["thyroid hormone"] },
  // hematology / oncology
  { name: "erythropoiesis-stimulating agent", aliases: ["erythropoiesis[- ]stimulating", "\\besas?\\b"] },
  { name: "iron replacement", aliases: ["oral iron", "iron supplement", "iron therap"] },
  /** any systemic cancer treatment: what "second-line" / "previously treated" refers to */
  {
    name: "anticancer therapy",
    aliases: ["anti-?cancer (?:therapy|treatment|agents?)", "antineoplastic", "systemic (?:anti-?cancer )?therapy for (?:the )?(?:cancer|disease|tumou?r)"],
  },
  { name: "kinase inhibitor", aliases: ["(?:tyrosine )?kinase inhibitors?", "\\btkis?\\b"], parents: ["anticancer therapy"] },
  /** hormone-receptor-directed cancer treatment ("endocrine-based regimen", "adjuvant endocrine therapy"); never menopausal hormone therapy */
  {
    name: "endocrine therapy",
    aliases: ["endocrine(?:[- ]based)?\\s+(?:therap(?:y|ies)|treatments?|regimens?|agents?)", "anti-?estrogens?"],
    parents: ["anticancer therapy"],
  },
  { name: "aromatase inhibitor", aliases: ["aromatase inhibitors?"], parents: ["endocrine therapy"] },
  { name: "chemotherapy", aliases: ["chemotherap(?:y|ies)", "cytotoxic"], parents: ["anticancer therapy"] },
  // the cytotoxic families oncology policies name ("prior platinum-based chemotherapy", "a
  // fluoropyrimidine, oxaliplatin and irinotecan", "after a taxane"): NCCN regimen vocabulary
  {
    name: "platinum-based chemotherapy",
    aliases: [
      "platinum[- ](?:based|containing)",
      "platinum (?:doublets?|chemotherap(?:y|ies)|agents?|compounds?|therap(?:y|ies)|regimens?)",
      "platinum salts?",
    ],
    parents: ["chemotherapy"],
  },
  { name: "fluoropyrimidine", aliases: ["fluoropyrimidines?"], parents: ["chemotherapy"] },
  { name: "taxane", aliases: ["taxanes?", "taxane[- ](?:based|containing)"], parents: ["chemotherapy"] },
  { name: "anthracycline", aliases: ["anthracyclines?"], parents: ["chemotherapy"] },
  {
    name: "anti-EGFR antibody",
    aliases: [
      "anti-?egfr (?:monoclonal )?antibod(?:y|ies)",
      "anti-?egfr (?:therapy|agents?|mabs?)",
      "egfr[- ](?:directed|targeted) (?:monoclonal )?antibod(?:y|ies)",
    ],
    parents: ["biologic", "anticancer therapy"],
  },
  { name: "KRAS G12C inhibitor", aliases: ["kras g12c inhibitors?", "kras inhibitors?"], parents: ["anticancer therapy"] },
  {
    name: "immune checkpoint inhibitor",
    // "PD-L1" alone is also the biomarker ("tumor expresses PD-L1", "PD-L1 TPS 75%"): no drug class there
    aliases: [
      "checkpoint inhibitors?",
      "pd-?1",
      "(?<!express(?:es|ing|ion of)\\s{1,3})pd-?l1(?!\\s*(?:expression|express|tumor proportion|tps|cps|combined positive|ihc|immunohisto|22c3|28-8|sp263|sp142|status|testing|test|score|positive|negative|level|[<>≥≤=]|\\d|\\())",
    ],
    parents: ["biologic", "anticancer therapy"],
  },
  { name: "antibiotic", aliases: ["antibiotics?"] },
  { name: "antifungal", aliases: ["antifungals?"] },
  // non-drug conservative therapies medical policies require before imaging, surgery or DME
  // ("failure of at least 6 weeks of conservative therapy (physical therapy or NSAIDs)")
  { name: "physical therapy", aliases: ["physical therap(?:y|ies)", "physiotherap(?:y|ies)"], nonDrug: true },
  // eyelid hygiene before a blepharitis drug ("daily eyelid hygiene (lid scrubs, or a tea tree oil or
  // hypochlorous acid lid cleanser) for at least 28 days"; AAO Blepharitis PPP 2023: lid hygiene is first-line)
  {
    name: "eyelid hygiene",
    aliases: ["(?:eye)?lid (?:hygiene|scrubs?|wipes?|cleans(?:ers?|ing))", "tea tree oil", "hypochlorous acid (?:lid|eyelid)"],
    nonDrug: true,
  },
  // the directory extension's classes (drugs-extra-*.ts)
  ...EXTRA_CLASSES,
];

/**
 * Members of the non-drug classes: the names a fax uses for them (lower case). Kept out of DRUGS on
 * purpose: "physical therapy" on a fax is never the medication requested. "PT" is not listed: on a
 * fax it is as often "patient" or "prothrombin time".
 */
export const NON_DRUG_THERAPIES: { name: string; classes: string[]; names: string[] }[] = [
  { name: "physical therapy", classes: ["physical therapy"], names: ["physical therapy", "physiotherapy", "physical therapies"] },
  {
    name: "eyelid hygiene",
    classes: ["eyelid hygiene"],
    names: [
      "lid scrubs",
      "lid scrub",
      "lid hygiene",
      "eyelid hygiene",
      "lid wipes",
      "eyelid wipes",
      "lid cleanser",
      "tea tree oil",
      "tea tree",
      "hypochlorous acid",
    ],
  },
];

export const DRUGS: DrugEntry[] = [
  // ── immunology: biologics
  D(
    "adalimumab",
    ["humira", "amjevita", "cyltezo", "hadlima", "hyrimoz", "yusimry", "hulio", "idacio", "yuflyma", "simlandi", "abrilada"],
    ["TNF inhibitor", "biologic"],
  ),
  D("etanercept", ["enbrel", "erelzi", "eticovo"], ["TNF inhibitor", "biologic"]),
  D("infliximab", ["remicade", "inflectra", "renflexis", "avsola", "zymfentra"], ["TNF inhibitor", "biologic"]),
  D("certolizumab pegol", ["cimzia"], ["TNF inhibitor", "biologic"], { aliases: ["certolizumab"] }),
  D("golimumab", ["simponi", "simponi aria"], ["TNF inhibitor", "biologic"]),
  D("secukinumab", ["cosentyx"], ["IL-17 inhibitor", "biologic"]),
  D("ixekizumab", ["taltz"], ["IL-17 inhibitor", "biologic"]),
  D("bimekizumab", ["bimzelx"], ["IL-17 inhibitor", "biologic"]),
  D("brodalumab", ["siliq"], ["IL-17 inhibitor", "biologic"]),
  D("ustekinumab", ["stelara", "wezlana", "selarsdi", "pyzchiva", "otulfi", "imuldosa", "yesintek", "steqeyma"], ["IL-23 inhibitor", "biologic"]),
  D("guselkumab", ["tremfya"], ["IL-23 inhibitor", "biologic"]),
  D("risankizumab", ["skyrizi"], ["IL-23 inhibitor", "biologic"], { aliases: ["risankizumab-rzaa"] }),
  D("tildrakizumab", ["ilumya"], ["IL-23 inhibitor", "biologic"]),
  D("mirikizumab", ["omvoh"], ["IL-23 inhibitor", "biologic"]),
  D("vedolizumab", ["entyvio"], ["integrin inhibitor", "biologic"]),
  D("natalizumab", ["tysabri", "tyruko"], ["integrin inhibitor", "biologic", "MS disease-modifying therapy"]),
  D("abatacept", ["orencia"], ["T-cell costimulation modulator", "biologic"]),
  D("tocilizumab", ["actemra", "tofidence", "tyenne"], ["IL-6 inhibitor", "biologic"]),
  D("sarilumab", ["kevzara"], ["IL-6 inhibitor", "biologic"]),
  D("anakinra", ["kineret"], ["IL-1 inhibitor", "biologic"]),
  D("canakinumab", ["ilaris"], ["IL-1 inhibitor", "biologic"]),
  D("rilonacept", ["arcalyst"], ["IL-1 inhibitor", "biologic"]),
  D("rituximab", ["rituxan", "truxima", "ruxience", "riabni"], ["anti-CD20 antibody", "biologic"]),
  D("ocrelizumab", ["ocrevus"], ["anti-CD20 antibody", "biologic", "MS disease-modifying therapy"]),
  D("ofatumumab", ["kesimpta", "arzerra"], ["anti-CD20 antibody", "biologic", "MS disease-modifying therapy"]),
  D("ublituximab", ["briumvi"], ["anti-CD20 antibody", "biologic", "MS disease-modifying therapy"]),
  D("belimumab", ["benlysta"], ["BLyS inhibitor", "biologic"]),
  D("anifrolumab", ["saphnelo"], ["biologic"]),
  D("dupilumab", ["dupixent"], ["asthma biologic", "atopic dermatitis biologic", "biologic"]),
  D("tralokinumab", ["adbry"], ["atopic dermatitis biologic", "biologic"], { aliases: ["tralokinumab-ldrm"] }),
  D("lebrikizumab", ["ebglyss"], ["atopic dermatitis biologic", "biologic"]),
  D("nemolizumab", ["nemluvio"], ["atopic dermatitis biologic", "biologic"]),
  D("omalizumab", ["xolair"], ["asthma biologic", "biologic"]),
  D("mepolizumab", ["nucala"], ["asthma biologic", "biologic"]),
  D("reslizumab", ["cinqair"], ["asthma biologic", "biologic"]),
  D("benralizumab", ["fasenra"], ["asthma biologic", "biologic"]),
  D("tezepelumab", ["tezspire"], ["asthma biologic", "biologic"], { aliases: ["tezepelumab-ekko"] }),
  D("spesolimab", ["spevigo"], ["biologic"]),
  D("denosumab", ["prolia", "xgeva", "jubbonti", "wyost"], ["biologic"]),
  D("romosozumab", ["evenity"], ["osteoanabolic agent", "biologic"]),
  D("evolocumab", ["repatha"], ["PCSK9 inhibitor", "biologic"]),
  D("alirocumab", ["praluent"], ["PCSK9 inhibitor", "biologic"]),
  D("erenumab", ["aimovig"], ["CGRP monoclonal antibody"], { aliases: ["erenumab-aooe"] }),
  D("fremanezumab", ["ajovy"], ["CGRP monoclonal antibody"], { aliases: ["fremanezumab-vfrm"] }),
  D("galcanezumab", ["emgality"], ["CGRP monoclonal antibody"], { aliases: ["galcanezumab-gnlm"] }),
  D("eptinezumab", ["vyepti"], ["CGRP monoclonal antibody"]),
  D("pembrolizumab", ["keytruda"], ["immune checkpoint inhibitor"]),
  D("nivolumab", ["opdivo"], ["immune checkpoint inhibitor"]),
  D("blinatumomab", ["blincyto"], ["biologic", "chemotherapy"]),
  D("eculizumab", ["soliris", "bkemv", "epysqli"], ["biologic"]),
  D("ravulizumab", ["ultomiris"], ["biologic"]),
  D("palivizumab", ["synagis"], ["biologic"]),
  D("nirsevimab", ["beyfortus"], ["biologic"]),
  D("lecanemab", ["leqembi"], ["biologic"]),
  D("efgartigimod", ["vyvgart", "vyvgart hytrulo"], ["biologic"]),
  // ── immunology: targeted synthetic
  D("tofacitinib", ["xeljanz", "xeljanz xr"], ["JAK inhibitor"]),
  D("upadacitinib", ["rinvoq"], ["JAK inhibitor"]),
  D("baricitinib", ["olumiant"], ["JAK inhibitor"]),
  D("abrocitinib", ["cibinqo"], ["JAK inhibitor"]),
  D("ruxolitinib", ["jakafi", "opzelura"], ["JAK inhibitor"]),
  D("ritlecitinib", ["litfulo"], ["JAK inhibitor"]),
  D("deuruxolitinib", ["leqselvi"], ["JAK inhibitor"]),
  D("deucravacitinib", ["sotyktu"], ["TYK2 inhibitor"]),
  D("apremilast", ["otezla"], ["PDE4 inhibitor"]),
  D("roflumilast", ["daliresp", "zoryve"], ["PDE4 inhibitor"]),
  D("ozanimod", ["zeposia"], ["S1P receptor modulator", "MS disease-modifying therapy"]),
  D("etrasimod", ["velsipity"], ["S1P receptor modulator"]),
  D("fingolimod", ["gilenya", "tascenso"], ["S1P receptor modulator", "MS disease-modifying therapy"]),
  D("siponimod", ["mayzent"], ["S1P receptor modulator", "MS disease-modifying therapy"]),
  D("ponesimod", ["ponvory"], ["S1P receptor modulator", "MS disease-modifying therapy"]),
  // ── conventional immunomodulators
  D(
    "methotrexate",
    ["trexall", "otrexup", "rasuvo", "xatmep", "rheumatrex", "jylamvo"],
    ["conventional synthetic DMARD", "conventional systemic agent", "immunomodulator", "chemotherapy"],
    { aliases: ["mtx"] },
  ),
  D("leflunomide", ["arava"], ["conventional synthetic DMARD"], { aliases: ["lef"] }),
  D("hydroxychloroquine", ["plaquenil"], ["conventional synthetic DMARD", "antimalarial"], { aliases: ["hcq"] }),
  D("sulfasalazine", ["azulfidine"], ["conventional synthetic DMARD", "aminosalicylate"], { aliases: ["ssz"] }),
  D("azathioprine", ["imuran", "azasan"], ["immunomodulator", "conventional systemic agent"], { aliases: ["aza"] }),
  D("mercaptopurine", ["purixan", "6-mp"], ["immunomodulator"], { aliases: ["6-mercaptopurine"] }),
  D("cyclosporine", ["neoral", "sandimmune", "gengraf", "restasis", "cequa"], ["conventional systemic agent", "immunomodulator"], { aliases: ["csa"] }),
  D("mycophenolate mofetil", ["cellcept", "myfortic"], ["conventional systemic agent", "immunomodulator"], { aliases: ["mycophenolate", "mmf"] }),
  D("acitretin", ["soriatane"], ["conventional systemic agent"]),
  D("tacrolimus", ["protopic", "prograf", "envarsus", "astagraf"], ["topical calcineurin inhibitor", "immunomodulator"]),
  D("pimecrolimus", ["elidel"], ["topical calcineurin inhibitor"]),
  D("colchicine", ["colcrys", "mitigare", "gloperba"], []),
  D("allopurinol", ["zyloprim", "aloprim"], ["xanthine oxidase inhibitor"]),
  D("febuxostat", ["uloric"], ["xanthine oxidase inhibitor"]),
  D("probenecid", ["probalan"], ["uricosuric"]),
  D("pegloticase", ["krystexxa"], ["urate-lowering therapy"]),
  D("mesalamine", ["lialda", "asacol", "pentasa", "apriso", "delzicol"], ["aminosalicylate"]),
  D("balsalazide", ["colazal"], ["aminosalicylate"]),
  D("dapsone", [], []),
  // ── corticosteroids
  D("prednisone", ["deltasone", "rayos"], ["systemic corticosteroid"]),
  D("prednisolone", ["orapred", "millipred"], ["systemic corticosteroid"]),
  D("methylprednisolone", ["medrol", "solu-medrol", "depo-medrol"], ["systemic corticosteroid"], { aliases: ["methylprednisone"] }),
  D("dexamethasone", ["decadron"], ["systemic corticosteroid"]),
  D("budesonide", ["entocort", "uceris", "ortikos", "pulmicort", "tarpeyo", "eohilia"], ["systemic corticosteroid", "inhaled corticosteroid"]),
  D("hydrocortisone", ["cortef", "cortaid", "anusol-hc"], ["topical corticosteroid", "systemic corticosteroid"], { potency: "low" }),
  D("clobetasol propionate", ["temovate", "clobex", "olux", "impoyz"], ["topical corticosteroid"], { aliases: ["clobetasol"], potency: "super-high" }),
  D("halobetasol propionate", ["ultravate", "bryhali", "lexette"], ["topical corticosteroid"], { aliases: ["halobetasol"], potency: "super-high" }),
  D("betamethasone dipropionate", ["diprolene", "sernivo"], ["topical corticosteroid"], { aliases: ["betamethasone"], potency: "high" }),
  D("fluocinonide", ["lidex", "vanos"], ["topical corticosteroid"], { potency: "high" }),
  D("desoximetasone", ["topicort"], ["topical corticosteroid"], { potency: "high" }),
  D("amcinonide", [], ["topical corticosteroid"], { potency: "high" }),
  D("mometasone furoate", ["elocon", "asmanex", "nasonex"], ["topical corticosteroid", "inhaled corticosteroid", "intranasal corticosteroid"], {
    aliases: ["mometasone"],
    potency: "medium",
  }),
  D("triamcinolone acetonide", ["kenalog", "triderm", "nasacort"], ["topical corticosteroid"], { aliases: ["triamcinolone", "tac"], potency: "medium" }),
  D("fluocinolone acetonide", ["synalar", "derma-smoothe"], ["topical corticosteroid"], { aliases: ["fluocinolone"], potency: "medium" }),
  D("betamethasone valerate", ["luxiq"], ["topical corticosteroid"], { potency: "medium" }),
  D("hydrocortisone valerate", ["westcort"], ["topical corticosteroid"], { potency: "medium" }),
  D("desonide", ["desowen", "verdeso"], ["topical corticosteroid"], { potency: "low" }),
  D("alclometasone", ["aclovate"], ["topical corticosteroid"], { potency: "low" }),
  D("crisaborole", ["eucrisa"], ["topical therapy"]),
  D("calcipotriene", ["dovonex", "sorilux", "enstilar", "taclonex"], ["topical therapy"], { aliases: ["calcipotriol"] }),
  D("tapinarof", ["vtama"], ["topical therapy"]),
  D("tazarotene", ["tazorac"], ["topical therapy"]),
  D("anthralin", [], ["topical therapy"]),
  D("coal tar", [], ["topical therapy"]),
  D("narrowband UVB phototherapy", ["nbuvb", "nb-uvb", "puva", "uvb phototherapy", "phototherapy"], ["phototherapy"], {
    aliases: ["narrowband uvb", "narrow-band uvb"],
  }),
  // ── respiratory / allergy
  D(
    "fluticasone propionate",
    ["flovent", "flonase", "cutivate", "armonair"],
    ["inhaled corticosteroid", "intranasal corticosteroid", "topical corticosteroid"],
    { aliases: ["fluticasone"], potency: "medium" },
  ),
  D("fluticasone furoate", ["arnuity", "veramyst"], ["inhaled corticosteroid", "intranasal corticosteroid"]),
  D("beclomethasone", ["qvar", "beconase"], ["inhaled corticosteroid", "intranasal corticosteroid"]),
  D("ciclesonide", ["alvesco", "omnaris"], ["inhaled corticosteroid", "intranasal corticosteroid"]),
  D("fluticasone/salmeterol", ["advair", "wixela", "airduo"], ["inhaled corticosteroid", "long-acting beta agonist", "asthma controller"]),
  D("budesonide/formoterol", ["symbicort", "breyna"], ["inhaled corticosteroid", "long-acting beta agonist", "asthma controller"]),
  D("fluticasone/vilanterol", ["breo ellipta", "breo"], ["inhaled corticosteroid", "long-acting beta agonist", "asthma controller"]),
  D("mometasone/formoterol", ["dulera"], ["inhaled corticosteroid", "long-acting beta agonist", "asthma controller"]),
  D(
    "fluticasone/umeclidinium/vilanterol",
    ["trelegy ellipta", "trelegy"],
    ["inhaled corticosteroid", "long-acting beta agonist", "long-acting muscarinic antagonist", "asthma controller"],
  ),
  D(
    "budesonide/glycopyrrolate/formoterol",
    ["breztri"],
    ["inhaled corticosteroid", "long-acting beta agonist", "long-acting muscarinic antagonist", "asthma controller"],
  ),
  D("salmeterol", ["serevent"], ["long-acting beta agonist", "asthma controller"]),
  D("formoterol", ["perforomist"], ["long-acting beta agonist", "asthma controller"]),
  D("tiotropium", ["spiriva", "spiriva respimat"], ["long-acting muscarinic antagonist", "asthma controller"]),
  D("umeclidinium", ["incruse"], ["long-acting muscarinic antagonist", "asthma controller"]),
  D("umeclidinium/vilanterol", ["anoro"], ["long-acting muscarinic antagonist", "long-acting beta agonist"]),
  // the other long-acting bronchodilators of the COPD maintenance guidelines (GOLD): single agents and LAMA / LABA pairs
  D("tiotropium/olodaterol", ["stiolto", "stiolto respimat"], ["long-acting muscarinic antagonist", "long-acting beta agonist"]),
  D("glycopyrrolate/formoterol", ["bevespi", "bevespi aerosphere"], ["long-acting muscarinic antagonist", "long-acting beta agonist"]),
  D("aclidinium/formoterol", ["duaklir", "duaklir pressair"], ["long-acting muscarinic antagonist", "long-acting beta agonist"]),
  D("aclidinium", ["tudorza", "tudorza pressair"], ["long-acting muscarinic antagonist"]),
  D("revefenacin", ["yupelri"], ["long-acting muscarinic antagonist"]),
  D("olodaterol", ["striverdi", "striverdi respimat"], ["long-acting beta agonist"]),
  D("arformoterol", ["brovana"], ["long-acting beta agonist"]),
  D("indacaterol", ["arcapta"], ["long-acting beta agonist"]),
  D("montelukast", ["singulair"], ["leukotriene modifier", "asthma controller"]),
  D("zafirlukast", ["accolate"], ["leukotriene modifier", "asthma controller"]),
  D("albuterol", ["proair", "ventolin", "proventil"], ["short-acting beta agonist"]),
  D("cetirizine", ["zyrtec"], ["H1 antihistamine"]),
  D("levocetirizine", ["xyzal"], ["H1 antihistamine"]),
  D("fexofenadine", ["allegra"], ["H1 antihistamine"]),
  D("loratadine", ["claritin"], ["H1 antihistamine"]),
  D("desloratadine", ["clarinex"], ["H1 antihistamine"]),
  D("hydroxyzine", ["atarax", "vistaril"], ["H1 antihistamine"]),
  D("famotidine", ["pepcid"], ["H2 antagonist"]),
  D("epinephrine auto-injector", ["epipen", "auvi-q", "adrenaclick"], [], { aliases: ["epinephrine"] }),
  D("pirfenidone", ["esbriet"], []),
  D("nintedanib", ["ofev"], ["kinase inhibitor"]),
  D("ivacaftor", ["kalydeco"], []),
  D("elexacaftor/tezacaftor/ivacaftor", ["trikafta"], []),
  // ── diabetes / obesity
  D("semaglutide", ["ozempic", "wegovy", "rybelsus"], ["GLP-1 receptor agonist", "antidiabetic"]),
  D("tirzepatide", ["mounjaro", "zepbound"], ["GLP-1 receptor agonist", "antidiabetic"]),
  D("dulaglutide", ["trulicity"], ["GLP-1 receptor agonist", "antidiabetic"]),
  D("liraglutide", ["victoza", "saxenda"], ["GLP-1 receptor agonist", "antidiabetic"]),
  D("exenatide", ["byetta", "bydureon", "bydureon bcise"], ["GLP-1 receptor agonist", "antidiabetic"]),
  D("lixisenatide", ["adlyxin"], ["GLP-1 receptor agonist", "antidiabetic"]),
  D("metformin", ["glucophage", "glumetza", "fortamet", "riomet"], ["biguanide", "antidiabetic"], {
    aliases: ["metformin er", "metformin xr", "metformin ir"],
  }),
  D("glipizide", ["glucotrol"], ["sulfonylurea", "antidiabetic"]),
  D("glimepiride", ["amaryl"], ["sulfonylurea", "antidiabetic"]),
  D("glyburide", ["diabeta", "glynase"], ["sulfonylurea", "antidiabetic"]),
  D("pioglitazone", ["actos"], ["thiazolidinedione", "antidiabetic"]),
  D("sitagliptin", ["januvia", "janumet"], ["DPP-4 inhibitor", "antidiabetic"]),
  D("linagliptin", ["tradjenta"], ["DPP-4 inhibitor", "antidiabetic"]),
  D("saxagliptin", ["onglyza"], ["DPP-4 inhibitor", "antidiabetic"]),
  D("alogliptin", ["nesina"], ["DPP-4 inhibitor", "antidiabetic"]),
  D("empagliflozin", ["jardiance"], ["SGLT2 inhibitor", "antidiabetic"]),
  D("dapagliflozin", ["farxiga"], ["SGLT2 inhibitor", "antidiabetic"]),
  D("canagliflozin", ["invokana"], ["SGLT2 inhibitor", "antidiabetic"]),
  D("ertugliflozin", ["steglatro"], ["SGLT2 inhibitor", "antidiabetic"]),
  D("bexagliflozin", ["brenzavvy"], ["SGLT2 inhibitor", "antidiabetic"]),
  D("insulin glargine", ["lantus", "basaglar", "toujeo", "semglee", "rezvoglar"], ["insulin", "antidiabetic"]),
  D("insulin degludec", ["tresiba"], ["insulin", "antidiabetic"]),
  D("insulin detemir", ["levemir"], ["insulin", "antidiabetic"]),
  D("insulin lispro", ["humalog", "admelog", "lyumjev"], ["insulin", "antidiabetic"]),
  D("insulin aspart", ["novolog", "fiasp"], ["insulin", "antidiabetic"]),
  D("phentermine", ["adipex-p", "lomaira"], ["anti-obesity medication"]),
  D("phentermine/topiramate", ["qsymia"], ["anti-obesity medication"]),
  D("naltrexone/bupropion", ["contrave"], ["anti-obesity medication"]),
  D("orlistat", ["xenical", "alli"], ["anti-obesity medication"]),
  // ── lipids / cardiovascular
  D("atorvastatin", ["lipitor"], ["statin"]),
  D("rosuvastatin", ["crestor", "ezallor"], ["statin"]),
  D("simvastatin", ["zocor"], ["statin"]),
  D("pravastatin", ["pravachol"], ["statin"]),
  D("lovastatin", ["mevacor", "altoprev"], ["statin"]),
  D("pitavastatin", ["livalo", "zypitamag"], ["statin"]),
  D("fluvastatin", ["lescol"], ["statin"]),
  D("ezetimibe", ["zetia"], ["cholesterol absorption inhibitor"]),
  D("ezetimibe/simvastatin", ["vytorin"], ["cholesterol absorption inhibitor", "statin"]),
  D("inclisiran", ["leqvio"], ["PCSK9 inhibitor"]),
  D("bempedoic acid", ["nexletol", "nexlizet"], []),
  D("icosapent ethyl", ["vascepa"], ["omega-3 fatty acid"]),
  D("fenofibrate", ["tricor", "trilipix", "fenoglide"], ["fibrate"]),
  D("gemfibrozil", ["lopid"], ["fibrate"]),
  D("evinacumab", ["evkeeza"], ["biologic"]),
  D("lomitapide", ["juxtapid"], []),
  D("apixaban", ["eliquis"], ["anticoagulant"]),
  D("rivaroxaban", ["xarelto"], ["anticoagulant"]),
  D("dabigatran", ["pradaxa"], ["anticoagulant"]),
  D("edoxaban", ["savaysa"], ["anticoagulant"]),
  D("warfarin", ["coumadin", "jantoven"], ["anticoagulant"]),
  D("enoxaparin", ["lovenox"], ["anticoagulant"]),
  D("clopidogrel", ["plavix"], ["antiplatelet"]),
  D("ticlopidine", ["ticlid"], ["antiplatelet"]),
  D("ticagrelor", ["brilinta"], ["antiplatelet"]),
  D("aspirin", ["ecotrin", "bayer"], ["antiplatelet", "NSAID"], { aliases: ["asa"] }),
  D("sacubitril/valsartan", ["entresto"], ["ARNI"]),
  D("lisinopril", ["zestril", "prinivil"], ["ACE inhibitor"]),
  D("phenelzine", ["nardil"], ["MAO inhibitor"]),
  D("tranylcypromine", ["parnate"], ["MAO inhibitor"]),
  D("isocarboxazid", ["marplan"], ["MAO inhibitor"]),
  D("selegiline", ["emsam", "zelapar", "eldepryl"], ["MAO inhibitor"]),
  D("rasagiline", ["azilect"], ["MAO inhibitor"]),
  D("safinamide", ["xadago"], ["MAO inhibitor"]),
  D("linezolid", ["zyvox"], ["MAO inhibitor"]),
  D("enalapril", ["vasotec"], ["ACE inhibitor"]),
  D("ramipril", ["altace"], ["ACE inhibitor"]),
  D("losartan", ["cozaar"], ["angiotensin receptor blocker"]),
  D("valsartan", ["diovan"], ["angiotensin receptor blocker"]),
  D("candesartan", ["atacand"], ["angiotensin receptor blocker"]),
  D("telmisartan", ["micardis"], ["angiotensin receptor blocker"]),
  D("irbesartan", ["avapro"], ["angiotensin receptor blocker"]),
  D("olmesartan", ["benicar"], ["angiotensin receptor blocker"]),
  D("amlodipine", ["norvasc"], ["calcium channel blocker"]),
  D("verapamil", ["calan", "verelan"], ["calcium channel blocker"]),
  D("diltiazem", ["cardizem"], ["calcium channel blocker"]),
  D("spironolactone", ["aldactone"], ["mineralocorticoid receptor antagonist", "diuretic"]),
  D("eplerenone", ["inspra"], ["mineralocorticoid receptor antagonist"]),
  D("finerenone", ["kerendia"], ["mineralocorticoid receptor antagonist"]),
  D("furosemide", ["lasix"], ["diuretic"]),
  D("hydrochlorothiazide", ["microzide"], ["diuretic"], { aliases: ["hctz"] }),
  D("metoprolol", ["lopressor", "toprol-xl", "toprol xl"], ["beta-blocker"]),
  D("propranolol", ["inderal", "inderal la", "innopran xl"], ["beta-blocker"]),
  D("timolol", ["blocadren", "timoptic"], ["beta-blocker"]),
  D("atenolol", ["tenormin"], ["beta-blocker"]),
  D("nadolol", ["corgard"], ["beta-blocker"]),
  D("carvedilol", ["coreg"], ["beta-blocker"]),
  D("bisoprolol", ["zebeta"], ["beta-blocker"]),
  D("ivabradine", ["corlanor"], []),
  D("tafamidis", ["vyndaqel", "vyndamax"], []),
  D("mavacamten", ["camzyos"], []),
  D("ambrisentan", ["letairis"], ["endothelin receptor antagonist", "PAH therapy"]),
  D("bosentan", ["tracleer"], ["endothelin receptor antagonist", "PAH therapy"]),
  D("macitentan", ["opsumit"], ["endothelin receptor antagonist", "PAH therapy"]),
  D("sildenafil", ["revatio", "viagra", "liqrev"], ["PDE-5 inhibitor", "PAH therapy"]),
  D("tadalafil", ["adcirca", "cialis", "alyq", "tadliq"], ["PDE-5 inhibitor", "PAH therapy"]),
  D("riociguat", ["adempas"], ["soluble guanylate cyclase stimulator", "PAH therapy"]),
  D("selexipag", ["uptravi"], ["prostacyclin pathway agent", "PAH therapy"]),
  D("epoprostenol", ["flolan", "veletri"], ["prostacyclin pathway agent", "PAH therapy"]),
  D("treprostinil", ["remodulin", "tyvaso", "tyvaso dpi", "orenitram"], ["prostacyclin pathway agent", "PAH therapy"]),
  D("iloprost", ["ventavis"], ["prostacyclin pathway agent", "PAH therapy"]),
  // ── migraine / neurology
  D("rimegepant", ["nurtec", "nurtec odt"], ["gepant"]),
  D("atogepant", ["qulipta"], ["gepant"]),
  D("ubrogepant", ["ubrelvy"], ["gepant"]),
  D("zavegepant", ["zavzpret"], ["gepant"]),
  D("lasmiditan", ["reyvow"], []),
  D("onabotulinumtoxinA", ["botox"], [], { aliases: ["botulinum toxin", "onabotulinumtoxin a"] }),
  D("sumatriptan", ["imitrex", "tosymra", "zembrace", "onzetra"], ["triptan"]),
  D("rizatriptan", ["maxalt", "maxalt-mlt"], ["triptan"]),
  D("zolmitriptan", ["zomig"], ["triptan"]),
  D("eletriptan", ["relpax"], ["triptan"]),
  D("naratriptan", ["amerge"], ["triptan"]),
  D("almotriptan", ["axert"], ["triptan"]),
  D("frovatriptan", ["frova"], ["triptan"]),
  D("topiramate", ["topamax", "trokendi xr", "qudexy xr", "eprontia"], ["anticonvulsant"]),
  D("divalproex sodium", ["depakote", "depakene"], ["anticonvulsant", "mood stabilizer"], { aliases: ["valproate", "divalproex", "valproic acid"] }),
  D("gabapentin", ["neurontin", "gralise"], ["anticonvulsant"]),
  D("pregabalin", ["lyrica"], ["anticonvulsant"]),
  D("lamotrigine", ["lamictal"], ["anticonvulsant", "mood stabilizer"]),
  D("levetiracetam", ["keppra"], ["anticonvulsant"]),
  D("zonisamide", ["zonegran"], ["anticonvulsant"]),
  D("carbamazepine", ["tegretol", "carbatrol"], ["anticonvulsant", "mood stabilizer"]),
  D("oxcarbazepine", ["trileptal"], ["anticonvulsant"]),
  D("lacosamide", ["vimpat"], ["anticonvulsant"]),
  D("clobazam", ["onfi", "sympazan"], ["anticonvulsant", "benzodiazepine"]),
  D("rufinamide", ["banzel"], ["anticonvulsant"]),
  D("cannabidiol", ["epidiolex"], ["anticonvulsant"]),
  D("fenfluramine", ["fintepla"], ["anticonvulsant"]),
  D("felbamate", ["felbatol"], ["anticonvulsant"]),
  D("vigabatrin", ["sabril", "vigadrone"], ["anticonvulsant"]),
  D("cenobamate", ["xcopri"], ["anticonvulsant"]),
  D("perampanel", ["fycompa"], ["anticonvulsant"]),
  D("amitriptyline", ["elavil"], ["tricyclic antidepressant", "antidepressant"]),
  D("nortriptyline", ["pamelor"], ["tricyclic antidepressant", "antidepressant"]),
  D("venlafaxine", ["effexor", "effexor xr"], ["SNRI", "antidepressant"]),
  D("duloxetine", ["cymbalta", "drizalma"], ["SNRI", "antidepressant"]),
  D("desvenlafaxine", ["pristiq"], ["SNRI", "antidepressant"]),
  D("sertraline", ["zoloft"], ["SSRI", "antidepressant"]),
  D("fluoxetine", ["prozac"], ["SSRI", "antidepressant"]),
  D("escitalopram", ["lexapro"], ["SSRI", "antidepressant"]),
  D("citalopram", ["celexa"], ["SSRI", "antidepressant"]),
  D("paroxetine", ["paxil"], ["SSRI", "antidepressant"]),
  D("fluvoxamine", ["luvox"], ["SSRI", "antidepressant"]),
  D("bupropion", ["wellbutrin", "zyban", "aplenzin"], ["antidepressant"]),
  D("mirtazapine", ["remeron"], ["antidepressant"]),
  D("trazodone", ["desyrel"], ["antidepressant"]),
  D("vortioxetine", ["trintellix"], ["antidepressant"]),
  D("esketamine", ["spravato"], ["antidepressant"]),
  D("aripiprazole", ["abilify", "abilify maintena", "aristada"], ["atypical antipsychotic"]),
  D("brexpiprazole", ["rexulti"], ["atypical antipsychotic"]),
  D("cariprazine", ["vraylar"], ["atypical antipsychotic"]),
  D("lurasidone", ["latuda"], ["atypical antipsychotic"]),
  D("quetiapine", ["seroquel"], ["atypical antipsychotic"]),
  D("olanzapine", ["zyprexa"], ["atypical antipsychotic"]),
  D("risperidone", ["risperdal", "perseris", "uzedy"], ["atypical antipsychotic"]),
  D("paliperidone", ["invega", "invega sustenna", "invega trinza"], ["atypical antipsychotic"]),
  D("ziprasidone", ["geodon"], ["atypical antipsychotic"]),
  D("clozapine", ["clozaril", "versacloz"], ["atypical antipsychotic"]),
  D("lumateperone", ["caplyta"], ["atypical antipsychotic"]),
  D("haloperidol", ["haldol"], ["antipsychotic"]),
  D("lithium", ["lithobid"], ["mood stabilizer"]),
  D("valbenazine", ["ingrezza"], ["VMAT2 inhibitor"]),
  D("deutetrabenazine", ["austedo", "austedo xr"], ["VMAT2 inhibitor"]),
  D("tetrabenazine", ["xenazine"], ["VMAT2 inhibitor"]),
  D("modafinil", ["provigil"], ["wakefulness-promoting agent"]),
  D("armodafinil", ["nuvigil"], ["wakefulness-promoting agent"]),
  D("solriamfetol", ["sunosi"], ["wakefulness-promoting agent"]),
  D("pitolisant", ["wakix"], ["wakefulness-promoting agent"]),
  D("sodium oxybate", ["xyrem", "lumryz", "xywav"], [], { aliases: ["oxybate"] }),
  D("methylphenidate", ["ritalin", "concerta", "metadate", "quillichew", "jornay pm", "daytrana", "methylin", "aptensio"], ["CNS stimulant"]),
  D("dexmethylphenidate", ["focalin", "focalin xr"], ["CNS stimulant"]),
  D("amphetamine/dextroamphetamine", ["adderall", "adderall xr", "mydayis"], ["CNS stimulant"], { aliases: ["mixed amphetamine salts"] }),
  D("lisdexamfetamine", ["vyvanse"], ["CNS stimulant"]),
  D("dextroamphetamine", ["dexedrine", "zenzedi", "procentra"], ["CNS stimulant"]),
  D("atomoxetine", ["strattera"], ["non-stimulant ADHD medication"]),
  D("viloxazine", ["qelbree"], ["non-stimulant ADHD medication"]),
  D("guanfacine", ["intuniv", "tenex"], ["non-stimulant ADHD medication"]),
  D("clonidine", ["kapvay", "catapres"], ["non-stimulant ADHD medication"]),
  D("zolpidem", ["ambien", "edluar"], ["sedative-hypnotic"]),
  D("eszopiclone", ["lunesta"], ["sedative-hypnotic"]),
  D("suvorexant", ["belsomra"], ["sedative-hypnotic"]),
  D("lemborexant", ["dayvigo"], ["sedative-hypnotic"]),
  D("daridorexant", ["quviviq"], ["sedative-hypnotic"]),
  D("donepezil", ["aricept"], ["cholinesterase inhibitor"]),
  D("memantine", ["namenda"], []),
  D("pramipexole", ["mirapex"], ["dopamine agonist"]),
  D("ropinirole", ["requip"], ["dopamine agonist"]),
  D("carbidopa/levodopa", ["sinemet", "rytary", "duopa"], [], { aliases: ["levodopa"] }),
  D("dimethyl fumarate", ["tecfidera"], ["MS disease-modifying therapy"]),
  D("diroximel fumarate", ["vumerity"], ["MS disease-modifying therapy"]),
  D("teriflunomide", ["aubagio"], ["MS disease-modifying therapy"]),
  D("glatiramer acetate", ["copaxone", "glatopa"], ["MS disease-modifying therapy"], { aliases: ["glatiramer"] }),
  D("interferon beta-1a", ["avonex", "rebif", "plegridy"], ["MS disease-modifying therapy"]),
  D("interferon beta-1b", ["betaseron", "extavia"], ["MS disease-modifying therapy"]),
  D("cladribine", ["mavenclad"], ["MS disease-modifying therapy"]),
  D("alemtuzumab", ["lemtrada"], ["MS disease-modifying therapy", "biologic"]),
  D("dalfampridine", ["ampyra"], []),
  D("riluzole", ["rilutek", "tiglutik"], []),
  D("nusinersen", ["spinraza"], []),
  D("risdiplam", ["evrysdi"], []),
  D("baclofen", ["lioresal", "ozobax"], ["muscle relaxant"]),
  D("cyclobenzaprine", ["flexeril", "amrix"], ["muscle relaxant"]),
  D("tizanidine", ["zanaflex"], ["muscle relaxant"]),
  // ── pain
  D("ibuprofen", ["advil", "motrin"], ["NSAID"]),
  D("naproxen", ["naprosyn", "aleve", "anaprox"], ["NSAID"]),
  D("meloxicam", ["mobic"], ["NSAID"]),
  D("diclofenac", ["voltaren", "zorvolex", "cambia"], ["NSAID"]),
  D("celecoxib", ["celebrex", "elyxyb"], ["NSAID"]),
  D("indomethacin", ["indocin", "tivorbex"], ["NSAID"]),
  D("etodolac", ["lodine"], ["NSAID"]),
  D("nabumetone", ["relafen"], ["NSAID"]),
  D("ketorolac", ["toradol", "sprix"], ["NSAID"]),
  D("piroxicam", ["feldene"], ["NSAID"]),
  D("sulindac", ["clinoril"], ["NSAID"]),
  D("oxaprozin", ["daypro"], ["NSAID"]),
  D("diflunisal", [], ["NSAID"]),
  D("acetaminophen", ["tylenol"], [], { aliases: ["apap", "paracetamol"] }),
  D("oxycodone", ["oxycontin", "roxicodone", "percocet", "xtampza"], ["opioid"]),
  D("hydrocodone", ["norco", "vicodin", "hysingla", "zohydro"], ["opioid"]),
  D("morphine", ["ms contin", "kadian"], ["opioid"]),
  D("tramadol", ["ultram", "conzip"], ["opioid"]),
  D("tapentadol", ["nucynta"], ["opioid"]),
  D("hydromorphone", ["dilaudid", "exalgo"], ["opioid"]),
  D("fentanyl", ["duragesic", "actiq"], ["opioid"]),
  D("methadone", ["dolophine", "methadose"], ["opioid"]),
  D("buprenorphine", ["butrans", "belbuca", "sublocade", "brixadi"], ["opioid"]),
  D("buprenorphine/naloxone", ["suboxone", "zubsolv"], ["opioid"]),
  D("naltrexone", ["vivitrol", "revia"], []),
  D("lidocaine patch", ["lidoderm", "ztlido"], []),
  // ── GI / hepatology / ID
  D("omeprazole", ["prilosec"], ["proton pump inhibitor"]),
  D("esomeprazole", ["nexium"], ["proton pump inhibitor"]),
  D("pantoprazole", ["protonix"], ["proton pump inhibitor"]),
  D("lansoprazole", ["prevacid"], ["proton pump inhibitor"]),
  D("rabeprazole", ["aciphex"], ["proton pump inhibitor"]),
  D("dexlansoprazole", ["dexilant"], ["proton pump inhibitor"]),
  D("linaclotide", ["linzess"], []),
  D("lubiprostone", ["amitiza"], []),
  D("plecanatide", ["trulance"], []),
  D("prucalopride", ["motegrity"], []),
  D("tenapanor", ["ibsrela", "xphozah"], []),
  D("naloxegol", ["movantik"], []),
  D("methylnaltrexone", ["relistor"], []),
  D("polyethylene glycol 3350", ["miralax", "glycolax"], ["laxative"], { aliases: ["peg 3350", "polyethylene glycol"] }),
  D("lactulose", ["enulose", "kristalose"], ["laxative"]),
  D("senna", ["senokot"], ["laxative"], { aliases: ["sennosides"] }),
  D("bisacodyl", ["dulcolax"], ["laxative"]),
  D("docusate", ["colace"], ["laxative"]),
  D("rifaximin", ["xifaxan"], ["antibiotic"]),
  D("eluxadoline", ["viberzi"], []),
  D("dicyclomine", ["bentyl"], []),
  D("loperamide", ["imodium"], []),
  D("pancrelipase", ["creon", "zenpep", "pancreaze", "viokace"], []),
  D("ursodiol", ["actigall", "urso"], ["bile acid"]),
  D("obeticholic acid", ["ocaliva"], []),
  D("resmetirom", ["rezdiffra"], []),
  D("sofosbuvir/velpatasvir", ["epclusa"], ["antiviral (HCV)"]),
  D("glecaprevir/pibrentasvir", ["mavyret"], ["antiviral (HCV)"]),
  D("ledipasvir/sofosbuvir", ["harvoni"], ["antiviral (HCV)"]),
  D("sofosbuvir/velpatasvir/voxilaprevir", ["vosevi"], ["antiviral (HCV)"]),
  D("elbasvir/grazoprevir", ["zepatier"], ["antiviral (HCV)"]),
  D("sofosbuvir", ["sovaldi"], ["antiviral (HCV)"]),
  D("ribavirin", ["copegus", "rebetol"], ["antiviral (HCV)"]),
  D("entecavir", ["baraclude"], []),
  D("tenofovir alafenamide", ["vemlidy"], ["antiretroviral"]),
  D("bictegravir/emtricitabine/tenofovir alafenamide", ["biktarvy"], ["antiretroviral"]),
  D("emtricitabine/tenofovir disoproxil", ["truvada"], ["antiretroviral"]),
  D("emtricitabine/tenofovir alafenamide", ["descovy"], ["antiretroviral"]),
  D("cabotegravir", ["apretude", "vocabria", "cabenuva"], ["antiretroviral"]),
  D("dolutegravir", ["tivicay", "triumeq", "dovato", "juluca"], ["antiretroviral"]),
  D("lenacapavir", ["sunlenca", "yeztugo"], ["antiretroviral"]),
  D("ciprofloxacin", ["cipro"], ["antibiotic"]),
  D("enoxacin", ["penetrex"], ["antibiotic"]),
  D("metronidazole", ["flagyl"], ["antibiotic"]),
  D("doxycycline", ["vibramycin", "doryx", "oracea"], ["antibiotic"]),
  D("minocycline", ["minocin", "solodyn"], ["antibiotic"]),
  D("amoxicillin", ["amoxil"], ["antibiotic"]),
  D("vancomycin", ["vancocin", "firvanq"], ["antibiotic"]),
  D("fidaxomicin", ["dificid"], ["antibiotic"]),
  D("fluconazole", ["diflucan"], ["antifungal"]),
  D("terbinafine", ["lamisil"], ["antifungal"]),
  D("itraconazole", ["sporanox"], ["antifungal"]),
  D("oseltamivir", ["tamiflu"], []),
  D("valacyclovir", ["valtrex"], []),
  // ── bone / endocrine / women's and men's health
  D("alendronate", ["fosamax", "binosto"], ["bisphosphonate"]),
  D("risedronate", ["actonel", "atelvia"], ["bisphosphonate"]),
  D("ibandronate", ["boniva"], ["bisphosphonate"]),
  D("zoledronic acid", ["reclast", "zometa"], ["bisphosphonate"]),
  D("teriparatide", ["forteo", "bonsity"], ["osteoanabolic agent"]),
  D("abaloparatide", ["tymlos"], ["osteoanabolic agent"]),
  D("raloxifene", ["evista"], []),
  D("calcitonin", ["miacalcin"], []),
  D("somatropin", ["norditropin", "genotropin", "humatrope", "omnitrope", "nutropin", "saizen", "zomacton", "serostim"], ["growth hormone"]),
  D("somapacitan", ["sogroya"], ["growth hormone"]),
  D("lonapegsomatropin", ["skytrofa"], ["growth hormone"]),
  D("somatrogon", ["ngenla"], ["growth hormone"]),
  D("mecasermin", ["increlex"], []),
  D("testosterone cypionate", ["depo-testosterone", "azmiro"], ["testosterone"], { aliases: ["testosterone"] }),
  D("testosterone enanthate", ["xyosted", "delatestryl"], ["testosterone"]),
  D("testosterone gel", ["androgel", "testim", "fortesta", "vogelxo"], ["testosterone"]),
  D("testosterone undecanoate", ["aveed", "jatenzo", "tlando", "kyzatrex"], ["testosterone"]),
  D("levothyroxine", ["synthroid", "levoxyl", "unithroid", "euthyrox", "tirosint"], ["thyroid hormone"]),
  D("liothyronine", ["cytomel"], ["thyroid hormone"]),
  D("methimazole", ["tapazole"], []),
  D("cinacalcet", ["sensipar"], []),
  D("etelcalcetide", ["parsabiv"], []),
  D("calcitriol", ["rocaltrol"], []),
  D("paricalcitol", ["zemplar"], []),
  D("sevelamer", ["renvela", "renagel"], []),
  D("patiromer", ["veltassa"], []),
  D("sodium zirconium cyclosilicate", ["lokelma"], []),
  D("tolvaptan", ["jynarque", "samsca"], []),
  D("osilodrostat", ["isturisa"], []),
  D("octreotide", ["sandostatin", "mycapssa"], []),
  D("lanreotide", ["somatuline depot"], []),
  D("pegvisomant", ["somavert"], []),
  D("leuprolide", ["lupron", "lupron depot", "eligard", "fensolvi", "camcevi"], []),
  D("elagolix", ["orilissa", "oriahnn"], []),
  D("relugolix", ["orgovyx", "myfembree"], []),
  D("estradiol", ["estrace", "vivelle-dot", "climara"], []),
  D("medroxyprogesterone", ["depo-provera", "provera"], []),
  D("norethindrone", ["aygestin"], []),
  D("clomiphene", ["clomid"], []),
  D("letrozole", ["femara"], ["aromatase inhibitor"]),
  D("anastrozole", ["arimidex"], ["aromatase inhibitor"]),
  D("tamoxifen", ["soltamox"], ["endocrine therapy"]),
  D("exemestane", ["aromasin"], ["aromatase inhibitor"]),
  D("fulvestrant", ["faslodex"], ["endocrine therapy"]),
  D("amiodarone", ["pacerone", "cordarone", "nexterone"], []),
  D("nitrofurantoin", ["macrobid", "macrodantin"], []),
  D("finasteride", ["proscar", "propecia"], []),
  D("tamsulosin", ["flomax"], ["alpha-1 blocker"]),
  D("alfuzosin", ["uroxatral"], ["alpha-1 blocker"]),
  D("silodosin", ["rapaflo"], ["alpha-1 blocker"]),
  D("doxazosin", ["cardura"], ["alpha-1 blocker"]),
  D("terazosin", ["hytrin"], ["alpha-1 blocker"]),
  D("oxybutynin", ["ditropan", "gelnique", "oxytrol"], ["OAB antimuscarinic"]),
  D("mirabegron", ["myrbetriq"], ["beta-3 agonist"]),
  D("vibegron", ["gemtesa"], ["beta-3 agonist"]),
  D("solifenacin", ["vesicare", "vesicare ls"], ["OAB antimuscarinic"]),
  D("tolterodine", ["detrol"], ["OAB antimuscarinic"]),
  D("trospium", ["sanctura"], ["OAB antimuscarinic"]),
  D("fesoterodine", ["toviaz"], ["OAB antimuscarinic"]),
  D("darifenacin", ["enablex"], ["OAB antimuscarinic"]),
  // ── hematology / oncology
  D("epoetin alfa", ["epogen", "procrit", "retacrit"], ["erythropoiesis-stimulating agent"]),
  D("darbepoetin alfa", ["aranesp"], ["erythropoiesis-stimulating agent"]),
  D("ferrous sulfate", ["feosol", "fer-in-sol"], ["iron replacement"], { aliases: ["iron sulfate", "oral iron"] }),
  D("iron sucrose", ["venofer"], ["iron replacement"]),
  D("ferric carboxymaltose", ["injectafer"], ["iron replacement"]),
  D("filgrastim", ["neupogen", "zarxio", "nivestym", "granix", "releuko"], []),
  D("pegfilgrastim", ["neulasta", "fulphila", "udenyca", "ziextenzo", "nyvepria"], []),
  D("romiplostim", ["nplate"], []),
  D("eltrombopag", ["promacta", "alvaiz"], []),
  D("avatrombopag", ["doptelet"], []),
  D("emicizumab", ["hemlibra"], ["biologic"]),
  D("hydroxyurea", ["hydrea", "droxia", "siklos"], ["chemotherapy"]),
  D("voxelotor", ["oxbryta"], []),
  D("crizanlizumab", ["adakveo"], ["biologic"]),
  D("imatinib", ["gleevec"], ["kinase inhibitor"]),
  D("dasatinib", ["sprycel"], ["kinase inhibitor"]),
  D("nilotinib", ["tasigna"], ["kinase inhibitor"]),
  D("bosutinib", ["bosulif"], ["kinase inhibitor"]),
  D("ponatinib", ["iclusig"], ["kinase inhibitor"]),
  D("asciminib", ["scemblix"], ["kinase inhibitor"]),
  D("ibrutinib", ["imbruvica"], ["kinase inhibitor"]),
  D("acalabrutinib", ["calquence"], ["kinase inhibitor"]),
  D("zanubrutinib", ["brukinsa"], ["kinase inhibitor"]),
  D("osimertinib", ["tagrisso"], ["kinase inhibitor"]),
  D("palbociclib", ["ibrance"], ["kinase inhibitor"]),
  D("ribociclib", ["kisqali"], ["kinase inhibitor"]),
  D("abemaciclib", ["verzenio"], ["kinase inhibitor"]),
  D("lenalidomide", ["revlimid"], ["chemotherapy"]),
  D("pomalidomide", ["pomalyst"], ["chemotherapy"]),
  D("enzalutamide", ["xtandi"], []),
  D("abiraterone", ["zytiga", "yonsa"], []),
  D("capecitabine", ["xeloda"], ["fluoropyrimidine"]),
  D("olaparib", ["lynparza"], []),
  D("venetoclax", ["venclexta"], []),
  D("vincristine", ["oncovin"], ["chemotherapy"]),
  D("cyclophosphamide", ["cytoxan"], ["chemotherapy"]),
  D("cisplatin", ["platinol"], ["platinum-based chemotherapy"]),
  D("carboplatin", ["paraplatin"], ["platinum-based chemotherapy"]),
  D("oxaliplatin", ["eloxatin"], ["platinum-based chemotherapy"]),
  D("fluorouracil", ["adrucil"], ["fluoropyrimidine"], { aliases: ["5-FU", "5FU", "5-fluorouracil"] }),
  D("irinotecan", ["camptosar", "onivyde"], ["chemotherapy"]),
  D("paclitaxel", ["taxol", "abraxane"], ["taxane"], { aliases: ["nab-paclitaxel"] }),
  D("docetaxel", ["taxotere"], ["taxane"]),
  D("pemetrexed", ["alimta", "pemfexy"], ["chemotherapy"]),
  D("gemcitabine", ["gemzar", "infugem"], ["chemotherapy"]),
  D("etoposide", ["toposar", "etopophos"], ["chemotherapy"]),
  D("vinorelbine", ["navelbine"], ["chemotherapy"]),
  D("temozolomide", ["temodar"], ["chemotherapy"]),
  D("leucovorin", [], [], { aliases: ["folinic acid"] }),
  D("doxorubicin", ["adriamycin", "doxil"], ["anthracycline"]),
  D("epirubicin", ["ellence"], ["anthracycline"]),
  D("cetuximab", ["erbitux"], ["anti-EGFR antibody"]),
  D("panitumumab", ["vectibix"], ["anti-EGFR antibody"]),
  D("atezolizumab", ["tecentriq"], ["immune checkpoint inhibitor"]),
  D("durvalumab", ["imfinzi"], ["immune checkpoint inhibitor"]),
  D("cemiplimab", ["libtayo"], ["immune checkpoint inhibitor"]),
  D("ipilimumab", ["yervoy"], ["immune checkpoint inhibitor"]),
  D("dostarlimab", ["jemperli"], ["immune checkpoint inhibitor"]),
  D("sotorasib", ["lumakras"], ["KRAS G12C inhibitor"]),
  D("adagrasib", ["krazati"], ["KRAS G12C inhibitor"]),
  D("ifosfamide", ["ifex"], ["chemotherapy"]),
  D("trastuzumab", ["herceptin", "kanjinti", "ogivri", "herzuma"], ["biologic"]),
  D("bevacizumab", ["avastin", "mvasi", "zirabev"], ["biologic"]),
  D("aflibercept", ["eylea", "eylea hd"], ["biologic"]),
  D("ranibizumab", ["lucentis", "byooviz", "cimerli"], ["biologic"]),
  D("faricimab", ["vabysmo"], ["biologic"]),
  // ── dermatology / misc
  D("isotretinoin", ["absorica", "claravis", "amnesteem", "accutane"], []),
  D("spironolactone topical", [], []),
  D("ivermectin", ["stromectol", "soolantra"], []),
  D("minoxidil", ["rogaine"], []),
  D("lanadelumab", ["takhzyro"], ["biologic"]),
  D("berotralstat", ["orladeyo"], []),
  D("icatibant", ["firazyr", "sajazir"], []),
  D("c1 esterase inhibitor", ["haegarda", "cinryze", "berinert", "ruconest"], []),
  D("agalsidase beta", ["fabrazyme"], []),
  D("imiglucerase", ["cerezyme"], []),
  D("patisiran", ["onpattro"], []),
  D("vutrisiran", ["amvuttra"], []),
  D("cyclosporine ophthalmic", ["restasis", "cequa", "vevye"], []),
  D("lifitegrast", ["xiidra"], []),
  D("sildenafil (ED)", [], []),
  D("varenicline", ["chantix"], []),
  D("nicotine replacement", ["nicoderm", "nicorette"], [], { aliases: ["nicotine patch"] }),
  // the directory extension (drugs-extra-*.ts): outpatient and specialty drugs prior-authorization sets name
  ...EXTRA_DRUGS_1,
  ...EXTRA_DRUGS_2,
  ...EXTRA_DRUGS_3,
  ...EXTRA_DRUGS_4,
  ...EXTRA_DRUGS_5,
  ...EXTRA_DRUGS_6,
  ...EXTRA_DRUGS_7,
  ...EXTRA_DRUGS_8,
];

/**
 * INN stems (WHO "stem book") with the class they mark, for drugs outside the directory. A word
 * ending in one of these is a drug; the class is a hint for class-based criteria.
 */
export const INN_STEMS: { stem: string; classes: string[] }[] = [
  { stem: "mab", classes: ["biologic"] },
  { stem: "cept", classes: ["biologic"] },
  { stem: "kinra", classes: ["biologic"] },
  { stem: "citinib", classes: ["JAK inhibitor"] },
  { stem: "tinib", classes: ["kinase inhibitor"] },
  { stem: "ciclib", classes: ["kinase inhibitor"] },
  { stem: "rafenib", classes: ["kinase inhibitor"] },
  { stem: "gliflozin", classes: ["SGLT2 inhibitor", "antidiabetic"] },
  { stem: "gliptin", classes: ["DPP-4 inhibitor", "antidiabetic"] },
  { stem: "glutide", classes: ["GLP-1 receptor agonist", "antidiabetic"] },
  { stem: "glinide", classes: ["antidiabetic"] },
  { stem: "glitazone", classes: ["thiazolidinedione", "antidiabetic"] },
  { stem: "vastatin", classes: ["statin"] },
  { stem: "sartan", classes: ["angiotensin receptor blocker"] },
  { stem: "pril", classes: ["ACE inhibitor"] },
  { stem: "olol", classes: ["beta-blocker"] },
  { stem: "dipine", classes: ["calcium channel blocker"] },
  { stem: "triptan", classes: ["triptan"] },
  { stem: "gepant", classes: ["gepant"] },
  { stem: "prazole", classes: ["proton pump inhibitor"] },
  { stem: "tidine", classes: ["H2 antagonist"] },
  { stem: "lukast", classes: ["leukotriene modifier"] },
  { stem: "terol", classes: ["long-acting beta agonist"] },
  { stem: "tropium", classes: ["long-acting muscarinic antagonist"] },
  { stem: "dronate", classes: ["bisphosphonate"] },
  { stem: "xaban", classes: ["anticoagulant"] },
  { stem: "gatran", classes: ["anticoagulant"] },
  { stem: "parin", classes: ["anticoagulant"] },
  { stem: "grel", classes: ["antiplatelet"] },
  { stem: "previr", classes: ["antiviral (HCV)"] },
  { stem: "asvir", classes: ["antiviral (HCV)"] },
  { stem: "buvir", classes: ["antiviral (HCV)"] },
  { stem: "tegravir", classes: ["antiretroviral"] },
  { stem: "vir", classes: [] },
  { stem: "conazole", classes: ["antifungal"] },
  { stem: "floxacin", classes: ["antibiotic"] },
  { stem: "cycline", classes: ["antibiotic"] },
  { stem: "cillin", classes: ["antibiotic"] },
  { stem: "setron", classes: [] },
  { stem: "oxetine", classes: ["antidepressant"] },
  { stem: "alopram", classes: ["SSRI", "antidepressant"] },
  { stem: "faxine", classes: ["SNRI", "antidepressant"] },
  { stem: "triptyline", classes: ["tricyclic antidepressant", "antidepressant"] },
  { stem: "piprazole", classes: ["atypical antipsychotic"] },
  { stem: "peridone", classes: ["atypical antipsychotic"] },
  { stem: "apine", classes: ["atypical antipsychotic"] },
  { stem: "azepam", classes: ["benzodiazepine"] },
  { stem: "azolam", classes: ["benzodiazepine"] },
  { stem: "suvorexant", classes: ["sedative-hypnotic"] },
  { stem: "orexant", classes: ["sedative-hypnotic"] },
  { stem: "methasone", classes: ["systemic corticosteroid"] },
  { stem: "olone", classes: ["systemic corticosteroid"] },
  { stem: "nisone", classes: ["systemic corticosteroid"] },
  { stem: "profen", classes: ["NSAID"] },
  { stem: "coxib", classes: ["NSAID"] },
  { stem: "fenac", classes: ["NSAID"] },
  { stem: "glumide", classes: [] },
  { stem: "parib", classes: [] },
  { stem: "platin", classes: ["platinum-based chemotherapy"] },
  { stem: "taxel", classes: ["taxane"] },
  { stem: "rubicin", classes: ["anthracycline"] },
  { stem: "tecan", classes: ["chemotherapy"] },
  { stem: "trexed", classes: ["chemotherapy"] },
  { stem: "rasib", classes: ["KRAS G12C inhibitor"] },
  { stem: "lutamide", classes: [] },
  { stem: "tide", classes: [] },
  { stem: "relix", classes: [] },
  { stem: "siran", classes: [] },
  { stem: "tegrast", classes: [] },
  { stem: "racetam", classes: ["anticonvulsant"] },
  { stem: "ersen", classes: [] },
];

// ─────────────────────────────────────────────────────────────────────────────────────────────
// lookups (pure; built once)

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&").replace(/\s+/g, "\\s+");

interface Surface {
  text: string;
  entry: DrugEntry;
  kind: "generic" | "brand" | "alias";
}

const SURFACES: Surface[] = (() => {
  const out: Surface[] = [];
  for (const e of DRUGS) {
    out.push({ text: e.generic.toLowerCase(), entry: e, kind: "generic" });
    for (const b of e.brands) out.push({ text: b.toLowerCase(), entry: e, kind: "brand" });
    for (const a of e.aliases ?? []) out.push({ text: a.toLowerCase(), entry: e, kind: "alias" });
    // combination generics are also written with "and" / "+" / "-"
    if (e.generic.includes("/")) for (const sep of [" and ", " + ", "-"]) out.push({ text: e.generic.replaceAll("/", sep), entry: e, kind: "generic" });
  }
  return out.sort((a, b) => b.text.length - a.text.length);
})();
const SURFACE_BY_TEXT = new Map<string, Surface>();
for (const s of SURFACES) if (!SURFACE_BY_TEXT.has(s.text)) SURFACE_BY_TEXT.set(s.text, s);
/**
 * The surfaces by their first three characters (whitespace runs read as one space), longest first as in
 * SURFACES: a mention is found by looking up the characters where a word starts, never by one regex
 * of every name (an alternation of thousands of names is past what V8 optimises: 100 times slower).
 */
const surfaceKey = (t: string) => t.replace(/\s+/g, " ").slice(0, 3);
const SURFACES_BY_KEY = new Map<string, Surface[]>();
for (const s of SURFACES) {
  const k = surfaceKey(s.text);
  const list = SURFACES_BY_KEY.get(k);
  if (list) list.push(s);
  else SURFACES_BY_KEY.set(k, [s]);
}
/** the characters a surface starts with: no name starts at any other */
const SURFACE_STARTS = new Set(SURFACES.map((s) => s.text[0]));
/** a sticky, case-insensitive pattern for a surface written with spaces ("insulin glargine" matches "insulin  glargine") */
const SPACED = new Map<Surface, RegExp>();
const spacedRe = (s: Surface) => {
  let re = SPACED.get(s);
  if (!re) SPACED.set(s, (re = new RegExp(esc(s.text), "iy")));
  return re;
};
const isLetter = (c: string | undefined) => !!c && ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z"));

/** The surface written at `i` of `text` (`low` its lower case), longest first, and the length it spans there; null when none. */
function surfaceAt(text: string, low: string, i: number): { s: Surface; length: number } | null {
  const three = low.slice(i, i + 3);
  const head = /\s/.test(three) ? surfaceKey(low.slice(i, i + 16)) : three;
  for (const k of [head, head.slice(0, 2), head.slice(0, 1)]) {
    if (!k) continue;
    for (const s of SURFACES_BY_KEY.get(k) ?? []) {
      if (k.length < 3 && s.text.length !== k.length) continue;
      let length = -1;
      if (!/\s/.test(s.text)) {
        if (low.startsWith(s.text, i)) length = s.text.length;
      } else {
        const re = spacedRe(s);
        re.lastIndex = i;
        const m = re.exec(text);
        if (m) length = m[0].length;
      }
      if (length > 0 && !isLetter(text[i + length])) return { s, length };
    }
  }
  return null;
}

export interface DrugMention {
  entry: DrugEntry;
  /** the surface form matched, lower case */
  matched: string;
  kind: Surface["kind"];
  index: number;
  length: number;
}

/**
 * Every directory drug named in `text`, left to right, non-overlapping (longest name wins).
 * Abbreviations of four letters or fewer count only when written in capitals ("MTX", not "mtx").
 */
export function findDrugMentions(text: string): DrugMention[] {
  const out: DrugMention[] = [];
  const lowText = text.toLowerCase();
  // (a character whose lower case is longer — "İ" — would shift every offset: such text is read in its own case)
  const low = lowText.length === text.length ? lowText : text;
  for (let i = 0; i < text.length;) {
    // a name starts where no letter is before it
    const hit = isLetter(text[i - 1]) || !SURFACE_STARTS.has(low[i]) ? null : surfaceAt(text, low, i);
    if (!hit) {
      i++;
      continue;
    }
    const written = text.slice(i, i + hit.length);
    const key = written.toLowerCase().replace(/\s+/g, " ");
    const s = SURFACE_BY_TEXT.get(key) ?? hit.s;
    const at = i;
    i += hit.length;
    if (s.kind === "alias" && s.text.replace(/[^a-z]/g, "").length <= 4 && written !== written.toUpperCase()) continue;
    out.push({ entry: s.entry, matched: key, kind: s.kind, index: at, length: hit.length });
  }
  return out;
}

/** The directory entry for a drug name (generic, brand or alias, any case), or null. */
export function lookupDrug(name: string): DrugEntry | null {
  const low = name.trim().toLowerCase().replace(/\s+/g, " ");
  return SURFACE_BY_TEXT.get(low)?.entry ?? findDrugMentions(name)[0]?.entry ?? null;
}

/** Classes a word belongs to by its INN stem ("upadacitinib" → JAK inhibitor), or null when it has none. */
export function stemClass(word: string): string[] | null {
  const w = word.toLowerCase().replace(/-[a-z]{4}$/, "");
  if (w.length < 6 || !/^[a-z]+$/.test(w)) return null;
  for (const s of INN_STEMS) if (w.endsWith(s.stem) && w.length > s.stem.length + 2) return s.classes;
  return null;
}

/** classAncestors / classMembers results: the directory is constant, so each is computed once per name */
const ANCESTORS = new Map<string, readonly string[]>();
const MEMBERS = new Map<string, readonly string[]>();

/** Every class of a class, itself first, then its ancestors (a fresh array the caller may change). */
export function classAncestors(name: string): string[] {
  const hit = ANCESTORS.get(name);
  if (hit) return [...hit];
  const out = classAncestorsNow(name);
  ANCESTORS.set(name, out);
  return [...out];
}

function classAncestorsNow(name: string): string[] {
  const out: string[] = [];
  const visit = (n: string) => {
    if (out.includes(n)) return;
    out.push(n);
    for (const p of DRUG_CLASSES.find((c) => c.name === n)?.parents ?? []) visit(p);
  };
  visit(name);
  return out;
}

/** Classes of a drug (directory classes and their ancestors, or its INN stem's), lower-level first. */
export function classesOfDrug(name: string): string[] {
  const e = lookupDrug(name);
  const direct = e ? e.classes : (stemClass(name) ?? []);
  return [...new Set(direct.flatMap(classAncestors))];
}

/** Lower-case names (generics, brands, aliases) of every directory drug in a class or its subclasses (a fresh array). */
export function classMembers(name: string): string[] {
  const hit = MEMBERS.get(name);
  if (hit) return [...hit];
  const out = classMembersNow(name);
  MEMBERS.set(name, out);
  return [...out];
}

function classMembersNow(name: string): string[] {
  const out = new Set<string>();
  for (const e of DRUGS) {
    if (!e.classes.flatMap(classAncestors).includes(name)) continue;
    out.add(e.generic.toLowerCase());
    for (const b of e.brands) out.add(b.toLowerCase());
    for (const a of e.aliases ?? []) out.add(a.toLowerCase());
  }
  for (const t of NON_DRUG_THERAPIES) if (t.classes.flatMap(classAncestors).includes(name)) for (const n of t.names) out.add(n);
  return [...out];
}

/** Drug classes a piece of prose names ("a TNF inhibitor", "two NSAIDs"). */
export function classesNamedIn(text: string): DrugClass[] {
  const t = text.toLowerCase();
  // a class's word starts a word: "statin" is not named by "simvastatin", nor "triptan" by "sumatriptan";
  // "non-triptan", "non-biologic", "nonsteroidal" name everything BUT the class
  const word = (a: string, flags: string) => new RegExp(`(?<![a-z])(?<!\\bnon[- ]?)(?:${a})`, flags);
  const named = DRUG_CLASSES.filter((c) => c.aliases.some((a) => word(a, "i").test(t)));
  // "another anti-IL-5 biologic or anti-IgE biologic": every mention of the broad class is qualified by
  // one of its subclasses, or is part of a subclass's own name, so the text names those subclasses,
  // not every biologic
  return named.filter((c) => {
    const subs = named.filter((x) => x.parents?.includes(c.name));
    if (!subs.length) return true;
    // a mention inside a subclass's own name ("cgrp" in "CGRP monoclonal antibody") is the subclass
    const subSpans = subs.flatMap((x) => x.aliases.flatMap((a) => [...t.matchAll(word(a, "gi"))].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length])));
    const mentions = c.aliases
      .flatMap((a) => [...t.matchAll(word(a, "gi"))])
      .filter((m) => !subSpans.some(([from, to]) => (m.index ?? 0) >= from && (m.index ?? 0) < to));
    return mentions.some((m) => {
      const before = t.slice(Math.max(0, (m.index ?? 0) - 30), m.index ?? 0);
      const phrase = before.split(/,|;|\bor\b|\band\b|\(|\)|\bwith\b|\ba\b|\ban\b/).pop() ?? "";
      return !subs.some((x) => x.aliases.some((a) => word(a, "i").test(phrase)));
    });
  });
}

/** All names a drug is known by (lower case), or just the name when it is not in the directory. */
export function drugNames(name: string): string[] {
  const e = lookupDrug(name);
  if (!e) return [name.toLowerCase()];
  return [e.generic, ...e.brands, ...(e.aliases ?? [])].map((x) => x.toLowerCase());
}

/** Is the drug a biologic or targeted synthetic immunomodulator? */
export function isImmunomodulator(name: string): boolean {
  return classesOfDrug(name).some((c) => DRUG_CLASSES.find((x) => x.name === c)?.immunomodulator);
}

/**
 * Drug names (lower-case generic names for directory drugs, the word for stem-recognised ones) in
 * `text`, in order, deduplicated. Stem recognition needs a word of 6+ letters and skips common words.
 */
export function drugsNamedIn(text: string): string[] {
  const out: string[] = [];
  const taken: [number, number][] = [];
  for (const m of findDrugMentions(text)) {
    taken.push([m.index, m.index + m.length]);
    const g = m.entry.generic.toLowerCase();
    if (!out.includes(g)) out.push(g);
  }
  const re = /\b([A-Za-z][a-z]{5,}(?:-[a-z]{4})?)\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (taken.some(([a, b]) => m!.index < b && m!.index + m![0].length > a)) continue;
    const w = m[1].toLowerCase();
    if (NOT_DRUGS.has(w)) continue;
    if (stemClass(w) && !out.includes(w)) out.push(w);
  }
  return out;
}

/** Common English and clinical words that happen to end in an INN stem. */
const NOT_DRUGS = new Set([
  "peptide",
  "nucleotide",
  "polypeptide",
  "oligonucleotide",
  "pesticide",
  "fungicide",
  "attitude",
  "altitude",
  "aptitude",
  "magnitude",
  "latitude",
  "solitude",
  "gratitude",
  "multitude",
  "amplitude",
  "longitude",
  "certitude",
  "platitude",
  "fortitude",
  "servitude",
  "peroxide",
  "dioxide",
  "cytokine",
  "enviro",
  "concept",
  "receptor",
  "except",
  "accept",
  "intercept",
  "percept",
  "precept",
  "cardiology",
  "outside",
  "override",
  "suicide",
  "homicide",
  "despite",
  "incomplete",
  "complete",
  "oxide",
  "sulfide",
  "chloride",
  "fluoride",
  "provide",
  "decide",
  "guide",
  "coincide",
  "parenteral",
  "genotype",
  "epitope",
  "isotope",
  "lymphocyte",
  "monocyte",
  "erythrocyte",
  "hepatocyte",
  "keratinocyte",
  "adipocyte",
  "tablet",
  "capsule",
]);
