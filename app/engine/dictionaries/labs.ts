/**
 * Lab-name synonyms → normalised lab names used in CaseFacts.labs (and by policy review).
 * Each pattern is matched case-insensitively on word boundaries; the value is the first number
 * after the name (within a short window). `unit` is the default unit when none is written.
 */
export interface LabDef {
  name: string;
  patterns: RegExp[];
  unit: string | null;
  /** plausible value range, used to reject numbers that are dates / scores / reference limits */
  range: [number, number];
}

export const LABS: LabDef[] = [
  { name: "LDL-C", patterns: [/\bLDL[\s-]*C(?:holesterol)?\b/i, /\bLDL\s+chol(?:esterol)?(?:\s+calc(?:ulated)?)?(?:\s*\((?:NIH|Martin[^)]*|Friedewald)\))?/i, /\bLDL\b/i, /\blow[- ]density lipoprotein(?: cholesterol)?/i], unit: "mg/dL", range: [5, 600] },
  { name: "HDL-C", patterns: [/\bHDL[\s-]*C?\b(?:\s*cholesterol)?/i, /\bHDL cholesterol\b/i], unit: "mg/dL", range: [5, 200] },
  { name: "total cholesterol", patterns: [/\b(?:total cholesterol|cholesterol,\s*total|TC)\b/i], unit: "mg/dL", range: [50, 1000] },
  { name: "triglycerides", patterns: [/\b(?:triglycerides?|TG)\b/i], unit: "mg/dL", range: [10, 5000] },
  { name: "A1c", patterns: [/\b(?:hemoglobin|hgb|hb)\s*A1c\b/i, /\bHbA1c\b/i, /\b[Aa][1lI]c\b/], unit: "%", range: [3, 20] },
  { name: "eGFR", patterns: [/\beGFR\b/i, /\bestimated GFR\b/i, /\bGFR\b/] , unit: "mL/min/1.73m2", range: [1, 200] },
  { name: "creatinine", patterns: [/\b(?:serum\s+)?creatinine\b/i, /\bSCr\b/], unit: "mg/dL", range: [0.1, 20] },
  { name: "eosinophils", patterns: [/\b(?:blood\s+)?(?:eosinophils?|eos)(?:\s+count)?\b(?:,?\s*absolute)?/i, /\bAEC\b/], unit: "cells/uL", range: [0, 10000] },
  { name: "BSA %", patterns: [/\bBSA\b/], unit: "%", range: [0, 100] },
  { name: "PASI", patterns: [/\bPASI\b/], unit: null, range: [0, 72] },
  { name: "EASI", patterns: [/\bEASI\b/], unit: null, range: [0, 72] },
  { name: "IGA", patterns: [/\b(?:v)?IGA\b/], unit: null, range: [0, 4] },
  { name: "DAS28", patterns: [/\bDAS28(?:[- ](?:CRP|ESR))?\b/i], unit: null, range: [0, 10] },
  { name: "CRP", patterns: [/\bC-reactive protein\b/i, /(?<![-\w])(?:hs-?)?CRP\b/], unit: "mg/dL", range: [0, 500] },
  { name: "ESR", patterns: [/\bESR\b/, /\bsed(?:imentation)? rate\b/i], unit: "mm/hr", range: [0, 200] },
  { name: "FEV1", patterns: [/\bFEV1\b/i], unit: "L", range: [0.2, 8] },
  { name: "BMI", patterns: [/\bBMI\b/], unit: "kg/m2", range: [10, 90] },
  { name: "fasting glucose", patterns: [/\bfasting (?:plasma )?glucose\b/i, /\bFPG\b/], unit: "mg/dL", range: [20, 1000] },
  { name: "UACR", patterns: [/\bUACR\b/i, /\balbumin[\/-]creatinine ratio\b/i], unit: "mg/g", range: [0, 10000] },
  { name: "ALT", patterns: [/\bALT\b/], unit: "U/L", range: [1, 5000] },
  { name: "AST", patterns: [/\bAST\b/], unit: "U/L", range: [1, 5000] },
  { name: "CK", patterns: [/\b(?:CK|CPK|creatine kinase)\b/i], unit: "U/L", range: [1, 100000] },
  { name: "IgE", patterns: [/\b(?:total\s+)?IgE\b/], unit: "IU/mL", range: [0, 50000] },
  { name: "FeNO", patterns: [/\bFeNO\b/i], unit: "ppb", range: [0, 500] },
  { name: "ACT", patterns: [/\bACT\b(?!\s*(?:of|as)\b)/], unit: null, range: [5, 25] },
  { name: "MIDAS", patterns: [/\bMIDAS\b/], unit: null, range: [0, 270] },
  { name: "headache days/month", patterns: [/\bheadache days\b/i], unit: "days/month", range: [0, 31] },
  { name: "migraine days/month", patterns: [/\bmigraine days\b/i], unit: "days/month", range: [0, 31] },
  { name: "weight", patterns: [/\b(?:weight|wt)\b/i], unit: "kg", range: [1, 400] },
  { name: "hemoglobin", patterns: [/\bhemoglobin\b(?!\s*A1c)/i, /\bHgb\b(?!\s*A1c)/i], unit: "g/dL", range: [3, 25] },
  { name: "albumin", patterns: [/\balbumin\b(?![\/-]creat)/i], unit: "g/dL", range: [0.5, 7] },
  { name: "fecal calprotectin", patterns: [/\b(?:fecal\s+)?calprotectin(?:,?\s*fecal)?\b/i], unit: "ug/g", range: [0, 20000] },
  { name: "DLCN score", patterns: [/\bDLCN\b(?:\s+score)?/i, /\bDutch Lipid Clinic(?: Network)?(?: score)?/i], unit: null, range: [0, 30] },
  { name: "Lp(a)", patterns: [/\bLp\(a\)/i, /\blipoprotein\(a\)/i], unit: null, range: [0, 1000] },
];

/** Qualitative results (no number) recognised after a lab name. */
export const QUALITATIVE_RESULT = /\b(negative|positive|nonreactive|reactive|neg|pos|detected|not detected|pending|normal|abnormal)\b/i;
