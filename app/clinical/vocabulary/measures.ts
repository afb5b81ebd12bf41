/**
 * Measures: laboratory values, clinical scores, vital signs and measurements a policy can set a
 * threshold on and a request can report ("LDL-C ≥ 70 mg/dL", "BSA 15%", "ESS 14", "peak GH 6.2").
 *
 * One list serves both sides: the policy reader finds "<measure> <comparator> <number>" with these
 * names, extraction and the reviewer find "<measure> <number>" in the fax with the same names.
 * `range` rejects numbers that cannot be the measure (dates, reference limits, other scores).
 * Sources: LOINC common names; ACC/AHA, ADA, GINA, AASM and specialty society score definitions.
 */

export interface MeasureTerm {
  name: string;
  /** regex fragments; `\\bxx\\b` abbreviations are matched case-sensitively in capitals by the caller */
  aliases: string[];
  /** default unit when none is written */
  unit: string | null;
  /** plausible value range */
  range: [number, number];
  /** a percentage is a different quantity than an absolute count for this measure */
  percentIsOther?: boolean;
  /**
   * SI units a laboratory may report the measure in, with the factor to the measure's `unit`
   * ("2.6 mmol/L" LDL-C is 2.6 x 38.67 = 100.5 mg/dL)
   */
  si?: { unit: RegExp; factor: number }[];
}

/** mmol/L of cholesterol to mg/dL (molar mass 386.65 g/mol; NCEP ATP III conversion) */
const CHOL_MMOL = { unit: /^mmol\s*\/\s*l\b/i, factor: 38.67 };

const M = (name: string, aliases: string[], unit: string | null, range: [number, number], extra: Partial<MeasureTerm> = {}): MeasureTerm => ({
  name,
  aliases,
  unit,
  range,
  ...extra,
});

export const MEASURES: MeasureTerm[] = [
  // lipids
  M(
    "LDL-C",
    ["ldl[- ]?c\\b", "ldl[- ]?cholesterol", "ldl chol(?:esterol)?(?: calc(?:ulated)?)?", "\\bldl\\b", "low[- ]density lipoprotein(?: cholesterol)?"],
    "mg/dL",
    [5, 600],
    { si: [CHOL_MMOL] },
  ),
  M("HDL-C", ["hdl[- ]?c\\b", "hdl[- ]?cholesterol", "\\bhdl\\b"], "mg/dL", [5, 200], { si: [CHOL_MMOL] }),
  M("total cholesterol", ["total cholesterol", "cholesterol,? total"], "mg/dL", [50, 1000], { si: [CHOL_MMOL] }),
  // mmol/L to mg/dL: x 88.57 (triolein 885.7 g/mol)
  M("triglycerides", ["triglycerides?", "\\btg\\b"], "mg/dL", [10, 5000], { si: [{ unit: /^mmol\s*\/\s*l\b/i, factor: 88.57 }] }),
  M("non-HDL-C", ["non-?hdl"], "mg/dL", [10, 800], { si: [CHOL_MMOL] }),
  M("Lp(a)", ["lp\\(a\\)", "lipoprotein\\(a\\)"], null, [0, 1000]),
  // glycemia / kidney
  // OCR reads the "1" of A1c as l, I or | ("Hemoglobin Alc 8.6 %"); bare "Alc" only before a percentage,
  // so an absolute lymphocyte count ("ALC 1.2") is never taken for it
  M(
    "A1c",
    [
      "hemoglobin a1c",
      "hgb a1c",
      "hb ?a1c",
      "\\ba1c\\b",
      "(?:hemoglobin|hgb|hb) ?a[li|]c\\b",
      "\\ba[li|]c\\b(?=\\s*[:=]?\\s*(?:was|of|is)?\\s*\\d{1,2}(?:\\.\\d)?\\s*%)",
      "glycated hemoglobin",
      "glycosylated hemoglobin",
    ],
    "%",
    [3, 20],
  ),
  M("fasting plasma glucose", ["fasting (?:plasma )?glucose", "\\bfpg\\b", "fasting blood (?:sugar|glucose)"], "mg/dL", [20, 1000]),
  M("random glucose", ["random (?:plasma )?glucose"], "mg/dL", [20, 1500]),
  M("eGFR", ["\\begfr\\b", "estimated gfr", "glomerular filtration rate", "\\bgfr\\b"], "mL/min/1.73m2", [1, 200]),
  // never the denominator of a urine ratio ("protein-to-creatinine ratio", "albumin/creatinine")
  M(
    "creatinine",
    ["(?<!(?:protein|albumin)\\s*(?:-|/|\\s)\\s*(?:to\\s*-?\\s*)?)(?:serum )?creatinine(?! clearance)(?! kinase)(?!\\s*ratio)", "\\bscr\\b"],
    "mg/dL",
    [0.1, 20],
  ),
  // urine protein-to-creatinine ratio in g/g (= mg/mg); a laboratory's mg/g is converted (KDIGO 2021 IgAN)
  M("UPCR", ["\\bupcr\\b", "\\bupc ratio\\b", "protein\\s*(?:-|/)\\s*(?:to\\s*-\\s*)?creatinine ratio", "protein to creatinine ratio"], "g/g", [0.01, 30], {
    si: [
      { unit: /^mg\s*\/\s*g\b/i, factor: 0.001 },
      { unit: /^mg\s*\/\s*mg\b/i, factor: 1 },
    ],
  }),
  // protein excreted in a 24-hour urine collection, in g/day; mg/24 h converted
  M(
    "24-hour urine protein",
    [
      "24[- ]?h(?:ou)?r?\\.? (?:urine )?protein",
      "(?:urine )?protein,? 24[- ]?h(?:ou)?r",
      "\\bproteinuria\\b(?=\\s*:?\\s*\\d[\\d.,]*\\s*(?:g|mg)\\s*/\\s*(?:24|d))",
    ],
    "g/day",
    [0.01, 30],
    {
      si: [{ unit: /^mg\s*\/\s*(?:24|d)/i, factor: 0.001 }],
    },
  ),
  M("creatinine clearance", ["creatinine clearance", "\\bcrcl\\b"], "mL/min", [1, 200]),
  M("UACR", ["\\buacr\\b", "albumin\\s*(?:-|/)\\s*(?:to\\s*-\\s*)?creatinine ratio", "urine albumin"], "mg/g", [0, 10000]),
  M("potassium", ["potassium", "\\bk\\+"], "mEq/L", [1, 10]),
  // serum urate (gout: the treat-to-target level is below 6 mg/dL, ACR 2020 gout guideline); never
  // "urate-lowering therapy" or "uric acid stones" (no value follows those). 1 mg/dL = 59.48 umol/L.
  M("serum uric acid", ["(?:serum |plasma )?uric acid(?! (?:stones?|nephropathy|lowering))", "\\bsua\\b", "serum urate"], "mg/dL", [0.5, 25], {
    si: [{ unit: /^(?:\u00b5|u|micro)mol\s*\/\s*l\b/i, factor: 1 / 59.48 }],
  }),
  // blood counts / inflammation / liver
  M("eosinophils", ["(?:blood )?eosinophils?(?: count)?(?:,? absolute)?", "\\beos\\b", "\\baec\\b", "eosinophil count"], "cells/uL", [0, 20000], {
    percentIsOther: true,
  }),
  M("IgE", ["(?:total |serum )?ige\\b", "immunoglobulin e"], "IU/mL", [0, 50000]),
  // (a short alias written as an abbreviation is matched in capitals only, so the title case notes
  // use — "Hgb 15.1", "Hct 44", "Plt 241" — is written out as an alias of its own)
  M("hemoglobin", ["hemoglobin(?! a1c)(?!\\s*a1c)", "\\bhgb\\b(?! ?a1c)", "\\bHgb\\b(?! ?[aA]1[cC])", "\\bhb\\b(?! ?a1c)"], "g/dL", [2, 25]),
  M("hematocrit", ["hematocrit", "\\bhct\\b", "\\bHct\\b"], "%", [5, 75]),
  M("platelets", ["platelets?(?: count)?", "\\bplt\\b", "\\bPlts?\\b"], "x10^3/uL", [1, 2000]),
  M("ANC", ["absolute neutrophil count", "absolute neutrophils?", "neutrophils?,? absolute", "\\banc\\b"], "cells/uL", [0, 50000]),
  // clotting factor activity, percent of normal: hemophilia severity is set by it (severe < 1%,
  // moderate 1-5%, mild > 5% to < 40%; Blanchette VS et al., ISTH SSC definitions, J Thromb Haemost
  // 2014). Never the inhibitor titer ("factor VIII inhibitor 0.4 BU/mL"): only "activity" or "level"
  M(
    "factor VIII activity",
    ["factor viii(?::c)?\\s+(?:(?:clotting\\s+)?activity|level|assay)", "\\bfviii(?::c)?\\s+(?:activity|level)", "factor viii:c", "\\bfviii:c"],
    "%",
    [0, 300],
  ),
  M(
    "factor IX activity",
    ["factor ix(?::c)?\\s+(?:(?:clotting\\s+)?activity|level|assay)", "\\bfix(?::c)?\\s+(?:activity|level)", "factor ix:c"],
    "%",
    [0, 300],
  ),
  M("ALC", ["absolute lymphocyte count", "absolute lymphocytes?", "lymphocytes?,? absolute", "\\balc\\b"], "cells/uL", [0, 50000]),
  M("WBC", ["white blood cells?", "\\bwbc\\b"], "x10^3/uL", [0, 500]),
  M("ferritin", ["ferritin"], "ng/mL", [1, 20000]),
  // complement studies of hereditary angioedema (type I: low C1-INH antigen; type II: low C1-INH
  // function; both with a low C4 — US HAEA Medical Advisory Board 2020 guidelines). Not the spinal level
  // "C4-C5" nor the transplant stain "C4d"
  M("C4", ["\\bc4\\b(?![-/]\\s*c?\\d|d\\b)", "complement c4\\b"], "mg/dL", [0.5, 150]),
  M(
    "C1-INH antigenic",
    [
      "c1[- ]?inh(?:ibitor)?,? (?:antigenic|antigen|quantitative|level)(?: \\(quantitative\\))?",
      "c1[- ]?esterase inhibitor,? (?:antigenic|antigen|quantitative|level|protein)",
      "(?:antigenic|quantitative) c1[- ]?(?:inh|esterase inhibitor)",
    ],
    "mg/dL",
    [0.5, 150],
  ),
  M(
    "C1-INH function",
    ["c1[- ]?inh(?:ibitor)?,? func\\w*", "c1[- ]?esterase inhibitor,? func\\w*", "functional c1[- ]?(?:inh\\w*|esterase inhibitor)"],
    "%",
    [0, 250],
  ),
  M("transferrin saturation", ["transferrin saturation", "\\btsat\\b"], "%", [1, 100]),
  M("CRP", ["c-reactive protein", "(?:hs-?)?\\bcrp\\b"], "mg/L", [0, 500]),
  M("ESR", ["\\besr\\b", "sed(?:imentation)? rate"], "mm/hr", [0, 200]),
  M("fecal calprotectin", ["(?:fecal )?calprotectin"], "ug/g", [0, 20000]),
  M("ALT", ["\\balt\\b", "alanine aminotransferase"], "U/L", [1, 5000]),
  M("AST", ["\\bast\\b", "aspartate aminotransferase"], "U/L", [1, 5000]),
  M("bilirubin", ["(?:total )?bilirubin"], "mg/dL", [0, 50]),
  M("albumin", ["albumin(?![/-]creat)"], "g/dL", [0.5, 7]),
  M("INR", ["\\binr\\b"], null, [0.5, 15]),
  M("CK", ["\\bck\\b", "\\bcpk\\b", "creatine kinase"], "U/L", [1, 100000]),
  M("HCV RNA", ["hcv rna", "hcv viral load"], "IU/mL", [0, 1e9]),
  M("HBV DNA", ["hbv dna", "hbv viral load", "hepatitis b (?:virus )?dna"], "IU/mL", [0, 1e10]),
  M("HIV RNA", ["hiv(?:-1)? rna", "hiv viral load", "viral load"], "copies/mL", [0, 1e8]),
  M("CD4 count", ["cd4(?: count)?"], "cells/uL", [0, 3000]),
  M("FIB-4", ["fib-?4"], null, [0, 20]),
  M("liver stiffness", ["liver stiffness", "fibroscan"], "kPa", [1, 80]),
  // endocrine / growth / bone
  M("testosterone", ["(?:total |serum |morning )?testosterone"], "ng/dL", [1, 2000]),
  M("free testosterone", ["free testosterone"], "pg/mL", [0.1, 500]),
  M("TSH", ["\\btsh\\b", "thyroid stimulating hormone"], "mIU/L", [0, 200]),
  M("free T4", ["free t4\\b", "\\bft4\\b", "free thyroxine"], "ng/dL", [0.05, 12]),
  M("free T3", ["free t3\\b", "\\bft3\\b", "free triiodothyronine"], "pg/mL", [0.5, 40]),
  M("IGF-1", ["igf-?1", "igf-?i\\b", "insulin-like growth factor"], "ng/mL", [1, 1500]),
  // a bare "peak" in a stimulation test's own clause ("Arginine stimulation test 09/15: GH 0.4 / 3.3 / 9.6
  // ng/mL at 0 / 30 / 60 min, peak 9.6 ng/mL"); "(?=peak)" first, so the 80-character look-behind runs
  // only where the word is, not at every position of every line
  M(
    "peak GH",
    [
      "peak (?:gh|growth hormone)",
      "gh peak",
      "peak (?:serum )?growth hormone",
      "stimulated gh",
      "(?=peak\\b)(?<=\\b(?:gh|growth hormone|stim|stimulation)\\b(?:[^.;]|\\.(?=\\d)){0,80})\\bpeak\\b(?!\\s*(?:gh|growth hormone|flow|expiratory))",
    ],
    "ng/mL",
    [0, 100],
  ),
  // "height SDS -2.6", "Height 114.2 cm (-2.6 SD)", "height now -1.9 SD" (not "height velocity")
  M(
    "height SDS",
    [
      "height (?:sds|sd score|standard deviation score|z-?score)",
      "height .{0,20}standard deviations?",
      "\\bhsds\\b",
      "(?<!(?:parental|target|predicted|adult)\\s)\\b(?:height|ht)\\b(?!\\s*(?:velocity|sds|sd score|z-?score))(?=(?:[^;.]|\\.(?=\\d)){0,30}?[-\u2212+]?\\d+(?:\\.\\d+)?\\s*(?:sds?\\b|standard deviations?))",
    ],
    "SD",
    [-10, 5],
  ),
  // "height velocity 2.1 cm/yr, ... more than 2 SD below the mean", "growth velocity SDS -1.4"
  M(
    "height velocity SDS",
    ["(?:height|growth) velocity(?=(?:[^;.]|\\.(?=\\d)){0,70}?\\b(?:sds?|standard deviations?)\\b)", "(?:height|growth) velocity (?:sds|z-?score)"],
    "SD",
    [-10, 10],
  ),
  M("growth velocity", ["growth velocity", "height velocity", "\\bgv\\b"], "cm/yr", [0, 20]),
  M("bone age", ["bone age"], "years", [0, 20]),
  M("T-score", ["t-?score"], null, [-6, 4]),
  M("BMD", ["bone mineral density", "\\bbmd\\b"], "g/cm2", [0.2, 2]),
  M("vitamin D", ["25-?(?:oh|hydroxy) ?vitamin d", "vitamin d"], "ng/mL", [1, 200]),
  M("PTH", ["\\bpth\\b", "parathyroid hormone"], "pg/mL", [1, 5000]),
  M("calcium", ["(?:serum )?calcium"], "mg/dL", [4, 18]),
  // anthropometrics / vitals
  M("BMI", ["\\bbmi\\b", "body mass index"], "kg/m2", [10, 90]),
  // "body weight of at least 30 kg", "Weight 28.4 kg", "Wt 96.2 kg": the word is written out, never as
  // an abbreviation alias ("\\bweight\\b" is read as one: capitals only, so "weight" was never seen);
  // a change of weight ("weight loss of 5 kg", "weight-based dosing") is no weight
  M(
    "weight",
    [
      "\\bweight(?![a-z-])(?!\\s*(?:loss|gain|reduction|change|management|band|bands|category|percentile|related)\\b)",
      "\\bwt\\b",
      "\\bWt\\b(?=\\.?:?\\s*\\d)",
      "weighs",
      "weighing",
    ],
    "kg",
    [1, 400],
  ),
  M("height", ["\\bheight\\b", "\\bht\\b"], "cm", [30, 230]),
  // "systolic" alone is the blood pressure, never a chamber's or vessel's systolic pressure ("right
  // ventricular systolic pressure", "PA systolic pressure") nor systolic function
  M(
    "systolic blood pressure",
    [
      "(?<!(?:ventricular|artery|arterial|pulmonary|aortic|tricuspid|\\brv|\\bpa|\\blv)\\s)systolic(?!\\s+(?:function|dysfunction|murmur|heart failure|ejection|anterior|velocity|pulmonary|pa\\b|rv\\b))",
      "\\bsbp\\b",
    ],
    "mmHg",
    [50, 260],
  ),
  // heart rate in beats per minute ("Ventricular rate 64 bpm" on an ECG report, "HR 74" in vitals)
  M("heart rate", ["ventricular rate", "(?:resting )?heart rate", "\\bhr\\b", "pulse rate"], "bpm", [20, 250]),
  // the WHO functional class of pulmonary hypertension (the NYHA classes adapted to PH; ESC/ERS 2022):
  // "WHO FC III", "WHO functional class II-IV", "WHO / NYHA functional class II, III or IV" (before the
  // NYHA class, so a policy naming both reads as this one)
  M("WHO functional class", ["who(?:\\s*/\\s*nyha)?\\s+functional class(?:es)?", "who[- ]?fc\\b", "\\bfc\\b"], "class", [1, 4]),
  // a functional class written in roman numerals ("NYHA class I, II or III", "NYHA functional class IV",
  // "WHO functional class II"): read as 1–4, never from another number on the line
  M("NYHA class", ["new york heart association(?: \\(nyha\\))?(?: functional)? class(?:es)?", "nyha(?: functional)?(?: class(?:es)?)?"], "class", [1, 4]),
  M("LVEF", ["\\blvef\\b", "ejection fraction", "\\bef\\b"], "%", [5, 85]),
  // right heart catheterisation hemodynamics (2022 ESC/ERS pulmonary hypertension guidelines: PH is
  // mPAP > 20 mmHg; pre-capillary PH adds PAWP <= 15 mmHg and PVR > 2 Wood units). The mean pressure
  // only: "PA pressure (systolic / diastolic) 68 / 26" is no mPAP
  M(
    "mPAP",
    [
      "\\bmpap\\b",
      "mean (?:pulmonary arter(?:y|ial)|pa) pressure",
      "\\bmean pap\\b",
      "(?:pulmonary arter(?:y|ial)|pa) pressure,? mean",
      "\\bpa mean\\b",
      "\\bmean pa\\b(?! ?wedge)",
      // "PA 74/31, mean 46 mmHg", "PA pressure 68/26 (mean 41)": the mean after the systolic/diastolic pair
      "(?:\\bpap?|pulmonary arter(?:y|ial) pressures?|pa pressures?)\\s*:?\\s*\\d{2,3}\\s*/\\s*\\d{1,3}\\s*(?:mm ?hg)?\\s*[,;]?\\s*\\(?\\s*mean\\b",
    ],
    "mmHg",
    [5, 120],
  ),
  M(
    "PAWP",
    [
      "\\bpawp\\b",
      "\\bpcwp\\b",
      "\\bpaop\\b",
      "pulmonary (?:arter(?:y|ial) |capillary )?wedge(?: pressure)?",
      "(?:pulmonary arter(?:y|ial) |pa )occlusion pressure",
      "(?:mean )?wedge pressure",
      // "wedge 11", "wedge: 14 mmHg": the bare word before its value
      "(?<![a-z])wedge(?=\\s*[:=]?\\s*\\d)",
    ],
    "mmHg",
    [1, 50],
  ),
  // 1 Wood unit = 80 dyn·s·cm⁻⁵ (the ESC/ERS guidelines give PVR in both)
  M("PVR", ["\\bpvr\\b", "pulmonary vascular resistance"], "WU", [0.1, 40], { si: [{ unit: /^dyn/i, factor: 1 / 80 }] }),
  // QT interval corrected for heart rate, in milliseconds (ECG report: "QTc 438 ms", "QTcF 452")
  M("QTc", ["\\bqtc[fb]?\\b", "corrected qt(?: interval)?", "qt ?c interval"], "ms", [250, 700]),
  // respiratory / allergy
  M("FEV1", ["\\bfev1\\b", "fev-?1"], "% predicted", [0.2, 150]),
  // forced vital capacity and the diffusing capacity for carbon monoxide, as % of predicted (ATS/ERS
  // 2005 standardisation); never the FEV1/FVC ratio
  M("FVC", ["(?<![/\\w]\\s?)(?<!fev-?1\\s?/\\s?)\\bfvc\\b(?!\\s*(?:/|ratio))", "forced vital capacity"], "% predicted", [0.2, 150]),
  M("DLCO", ["\\bdlco\\b", "\\btlco\\b", "diffusing capacity(?: of the lungs?)?(?: for carbon monoxide)?"], "% predicted", [1, 150]),
  // oxygenation (home oxygen qualification): pulse oximetry saturation and arterial oxygen tension
  M("SpO2", ["\\bspo2\\b", "\\bsao2\\b", "o2 sat(?:uration)?s?", "oxygen saturation"], "%", [50, 100]),
  M("PaO2", ["\\bpao2\\b", "arterial po2", "arterial oxygen tension", "partial pressure of (?:arterial )?oxygen"], "mm Hg", [20, 200]),
  M("FeNO", ["\\bfeno\\b", "exhaled nitric oxide"], "ppb", [0, 500]),
  M("ACT", ["asthma control test", "\\bact\\b(?! (?:on|as|of))"], "points", [5, 25]),
  M("ACQ", ["asthma control questionnaire", "\\bacq\\b"], "points", [0, 6]),
  M("exacerbations per year", ["exacerbations?(?: in the (?:past|last|previous) (?:12 months|year))?", "steroid bursts?"], "per year", [0, 50]),
  // dermatology / rheumatology / GI scores
  M("BSA", ["\\bbsa\\b", "body surface area"], "%", [0, 100]),
  M("PASI", ["\\bpasi\\b", "psoriasis area"], "points", [0, 72]),
  M("EASI", ["\\beasi\\b", "eczema area"], "points", [0, 72]),
  // Myasthenia Gravis Activities of Daily Living: 8 items scored 0-3 (Wolfe GI et al., Neurology 1999;52:1487)
  M("MG-ADL", ["\\bmg-?adl\\b", "myasthenia gravis activities of daily living"], "points", [0, 24]),
  M("IGA", ["\\b(?:v)?iga\\b", "investigator'?s global"], "points", [0, 4]),
  M("SCORAD", ["scorad"], "points", [0, 103]),
  // Severity of Alopecia Tool: percent of scalp hair lost, 0-100 (Olsen EA et al., J Am Acad Dermatol 2004)
  M("SALT", ["\\bsalt\\b", "severity of alopecia tool"], "points", [0, 100]),
  M("DLQI", ["\\bdlqi\\b", "dermatology life quality"], "points", [0, 30]),
  M("UAS7", ["uas7", "urticaria activity score"], "points", [0, 42]),
  M("itch NRS", ["(?:itch|pruritus) (?:nrs|numeric rating)", "\\bpp-?nrs\\b", "\\bwi-?nrs\\b", "worst[- ]itch (?:nrs|numeric rating)"], "points", [0, 10]),
  M("Hurley stage", ["hurley"], null, [1, 3]),
  M("DAS28", ["das-?28"], "points", [0, 10]),
  M("CDAI", ["\\bcdai\\b", "clinical disease activity index"], "points", [0, 600]),
  M("SDAI", ["\\bsdai\\b"], "points", [0, 90]),
  M("BASDAI", ["\\bbasdai\\b"], "points", [0, 10]),
  M("ASDAS", ["\\basdas\\b"], "points", [0, 10]),
  M("HAQ", ["\\bhaq\\b", "health assessment questionnaire"], "points", [0, 3]),
  M("swollen joint count", ["swollen joints?(?: count)?", "\\bsjc\\b"], "joints", [0, 66]),
  M("tender joint count", ["tender joints?(?: count)?", "\\btjc\\b"], "joints", [0, 68]),
  M("Mayo score", ["mayo (?:score|endoscopic subscore)"], "points", [0, 12]),
  M("Harvey-Bradshaw Index", ["harvey-?bradshaw", "\\bhbi\\b"], "points", [0, 40]),
  M("SES-CD", ["ses-?cd"], "points", [0, 60]),
  // neurology / psychiatry / sleep
  M("migraine days per month", ["monthly migraine days", "migraine (?:headache )?days", "\\bmmds?\\b", "\\bmhds?\\b"], "days/month", [0, 31]),
  M("headache days per month", ["(?:monthly )?headache days"], "days/month", [0, 31]),
  M("MIDAS", ["\\bmidas\\b"], "points", [0, 270]),
  M("HIT-6", ["hit-?6"], "points", [36, 78]),
  M("seizures per month", ["seizures? (?:per|a|each) month", "seizure frequency", "monthly seizures"], "per month", [0, 1000]),
  M("EDSS", ["\\bedss\\b", "expanded disability status"], "points", [0, 10]),
  // the Timed 25-Foot Walk, in seconds (MS walking speed: dalfampridine's baseline 8–45 s, a 20% improvement on renewal)
  M("timed 25-foot walk", ["timed 25[- ]?(?:foot|ft)\\.? walk(?: test)?", "\\bt25-?fw\\b"], "seconds", [1, 300]),
  M("Epworth Sleepiness Scale", ["epworth(?: sleepiness scale)?(?: score)?", "\\bess\\b"], "points", [0, 24]),
  // STOP-Bang OSA screening questionnaire: eight yes/no items, score 0-8 (Chung F, et al. Chest 2016)
  M("STOP-BANG", ["stop-?bang(?: score| questionnaire)?"], "points", [0, 8]),
  M("AHI", ["\\bahi\\b", "apnea[- ]hypopnea index", "\\brdi\\b"], "events/h", [0, 150]),
  M("mean sleep latency", ["mean sleep latency", "\\bmsl\\b", "mslt (?:mean )?(?:sleep )?latency", "sleep latency"], "min", [0, 30]),
  M("SOREMPs", ["soremps?", "sleep[- ]onset rem periods?"], "count", [0, 5]),
  M(
    "CPAP adherence",
    [
      "(?:cpap|pap) (?:adherence|compliance|usage)",
      "nights? (?:with|of) (?:use )?(?:>=|≥|at least) ?4 ?h",
      "(?:>=|≥) ?4 ?(?:h|hours)(?: per night| a night| nightly)? on",
      // a download's row: "Nights used 4 hours or more   21 of 31 (68%)"
      "nights? used (?:(?:>=|≥) ?|at least )?(?:4|four) ?(?:h|hrs?|hours)(?: or (?:more|longer))?",
      // the same requirement in words: "use of at least 4 hours per night on at least 70% of nights"
      "(?:at least|a minimum of|minimum of|no (?:less|fewer) than) (?:4|four) ?(?:h|hrs?|hours)(?:\\/night| per night| a night| each night| nightly)? (?:on|for|during)",
    ],
    "% nights",
    [0, 100],
  ),
  M("PHQ-9", ["phq-?9"], "points", [0, 27]),
  M("GAD-7", ["gad-?7"], "points", [0, 21]),
  M("MADRS", ["\\bmadrs\\b"], "points", [0, 60]),
  M("AIMS", ["\\baims\\b", "abnormal involuntary movement scale"], "points", [0, 40]),
  M("MMSE", ["\\bmmse\\b", "mini-?mental"], "points", [0, 30]),
  M("pain score", ["pain (?:score|scale)", "\\bnrs\\b"], "points", [0, 10]),
  // oncology / hematology
  M("PSA", ["\\bpsa\\b(?!-)", "prostate[- ]specific antigen"], "ng/mL", [0, 10000]),
  M("ECOG", ["\\becog\\b"], "points", [0, 5]),
  // PD-L1 expression by immunohistochemistry: tumor proportion score (% of tumor cells)
  M("PD-L1 TPS", ["tumou?r proportion score", "\\btps\\b"], "%", [0, 100]),
  M("blasts", ["blasts?"], "%", [0, 100]),
  M("MRD", ["\\bmrd\\b", "minimal residual disease", "measurable residual disease"], "%", [0, 100]),
];

/** The measure term for a canonical name. */
/**
 * A measure that is a share of the nights or days of a period ("% nights": CPAP use of 4 hours or more
 * on 70% of nights). Its value is a percentage; a number of hours or of nights written beside it is
 * never its value.
 */
export function isShareOfPeriod(m: MeasureTerm | null | undefined): boolean {
  return /^% (?:nights|days)\b/.test(m?.unit ?? "");
}

export function measureByName(name: string): MeasureTerm | null {
  return MEASURES.find((m) => m.name === name) ?? null;
}

/**
 * A change of a measure by a stated amount, with or without the word "baseline" ("ACT increase of 3 points or
 * more", "ESS score reduced by at least 3 points from the score recorded before the drug was started", "FEV1
 * increase of 12% or more"): never an absolute value of the measure. Groups: 1 the verb ("increase",
 * "reduced", …), 2 the amount, 3 the unit ("%", "percent", "point(s)"). Read by the criterion parser (not a
 * threshold on the value) and by the evaluator (judged on the member's dated values).
 */
export const CHANGE_BY_AMOUNT_RE =
  /\b(increased?|improve(?:d|ment)|rise|gain|raised|reduc(?:ed|tion)|decrease[ds]?|drop|fall|declined?|lowered)\s+(?:by|of)\s+(?:at least\s+|a minimum of\s+|no less than\s+|≥\s*|>=\s*)?(\d+(?:\.\d+)?)\s*(%|percent|points?)/i;
