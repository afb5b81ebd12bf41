/**
 * Diagnostic tests a policy can require by result ("a negative TB test within 12 months", "two GH
 * stimulation tests with peak < 10 ng/mL", "positive skin test to a perennial aeroallergen",
 * "polysomnography confirming OSA") and a request reports.
 *
 * `aliases` find the test in a request (regex fragments, lower case, including lab-report
 * spellings and common OCR splits); `policy` finds it named in a policy sentence. `measure`, when
 * set, is the measure (vocabulary/measures.ts) a thresholded result of the test is written as.
 * Sources: CDC TB testing guidance (IGRA/TST), AASM ICSD-3 (PSG, MSLT), Growth Hormone Research
 * Society GH stimulation testing consensus, AAAAI allergy testing parameters.
 */

export interface TestTerm {
  name: string;
  aliases: string[];
  policy: RegExp;
  measure?: string;
  /** measures the test's own report gives ("Ventricular rate 64 bpm", "QTc 461 ms" on an ECG) */
  reports?: string[];
  /** a catch-all ("imaging"): chosen only when no specific test is named */
  generic?: boolean;
  /** reads a result written as a measurement (the text after the test's name), when there is one */
  interpret?: (after: string) => "negative" | "positive" | "indeterminate" | null;
}

/**
 * A tuberculin skin test read in millimetres of induration: 0 mm (or "no induration") is negative,
 * 15 mm or more positive in anyone; between, the cut-off depends on the patient's risk (5 mm for
 * the immunosuppressed, 10 mm otherwise), so a reviewer reads it. Source: CDC, "Tuberculin Skin
 * Testing" fact sheet (interpretation of induration by risk group).
 */
function tuberculinInduration(after: string): "negative" | "positive" | "indeterminate" | null {
  if (/\bno induration\b/i.test(after)) return "negative";
  const m = /(?<![\d.])(\d+(?:\.\d+)?)\s*mm\b/i.exec(after);
  if (!m) return null;
  const v = Number(m[1]);
  return v === 0 ? "negative" : v >= 15 ? "positive" : "indeterminate";
}

export const TESTS: TestTerm[] = [
  {
    name: "tuberculosis screening",
    interpret: tuberculinInduration,
    policy:
      /\b(?:tb|tuberculosis)\b[^.;]{0,60}\b(?:test|tests|testing|screen|screening|skin test|assay|evaluation)\b|\b(?:tuberculin|interferon[- ]gamma release|igra|quantiferon|ppd|t-spot)\b|\b(?:screen(?:ed|ing)?|test(?:ed|ing)?|evaluated) (?:for|of)\b[^.;]{0,30}\b(?:tb|tuberculosis)\b/i,
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
      "chest x-?ray (?:for|to rule out) (?:tb|tuberculosis)",
    ],
  },
  {
    name: "hepatitis B screening",
    policy:
      /\bhepatitis b\b[^.;]{0,40}\b(?:test|screen|screening|serolog)|\bhbv\b[^.;]{0,30}\b(?:test|screen)|\bhbsag\b|\b(?:screen(?:ed|ing)?|test(?:ed|ing)?|evaluated) (?:for|of)\b[^.;]{0,30}\b(?:hepatitis b|hbv)\b/i,
    aliases: [
      "hepatitis b surface antigen",
      "hep b surface antigen",
      "\\bhbsag\\b",
      "hepatitis b (?:screen(?:ing)?|panel|serolog\\w*|core)",
      "hep b (?:core|sag|screen)",
      "\\bhbcab\\b",
      "\\bhbv\\b\\s+(?:screen(?:ing)?|serolog\\w*|test(?:ing)?|dna)",
    ],
  },
  {
    // a test of its own beside HBsAg: a policy that asks for "HBsAg AND total anti-HBc" is not met by
    // the surface antigen alone (a core-antibody result also counts as hepatitis B screening)
    name: "hepatitis B core antibody",
    policy: /\banti-?hbc\b|\bhbcab\b|\bhepatitis b core (?:antibody|ab)\b|\bhbv core (?:antibody|ab)\b/i,
    aliases: ["anti-?hbc\\b", "\\bhbcab\\b", "hepatitis b core (?:antibody|ab)\\b", "hep b core (?:antibody|ab)\\b", "hbv core (?:antibody|ab)\\b"],
  },
  {
    name: "hepatitis C antibody",
    policy: /\bhepatitis c\b[^.;]{0,30}\b(?:antibody|screen)|\bhcv (?:antibody|ab)\b/i,
    aliases: ["hepatitis c antibody", "hcv (?:antibody|ab)\\b", "anti-?hcv"],
  },
  {
    name: "HIV test",
    policy: /\bhiv\b[^.;]{0,20}\b(?:test|testing|screen|negative)\b/i,
    aliases: ["hiv[- ]?1/2 (?:ag/ab|antigen|antibody)", "hiv (?:test|screen|antibody|ag/ab)", "4th generation hiv"],
  },
  {
    // a baseline ECG (before siponimod, fingolimod, QT-prolonging drugs): done and dated is what policies ask
    name: "electrocardiogram",
    policy: /\belectrocardiogram\b|\b(?:12-lead )?ecg\b|\bekg\b/i,
    aliases: ["electrocardiogram", "\\becg\\b", "\\bekg\\b", "12-lead"],
    reports: ["heart rate", "QTc"],
  },
  {
    name: "pregnancy test",
    policy: /\bpregnancy test\b|\bnegative (?:urine |serum )?(?:hcg|pregnancy)\b/i,
    aliases: ["pregnancy test", "\\bhcg\\b", "urine hcg", "serum hcg"],
  },
  {
    name: "allergen sensitization test",
    policy: /\b(?:skin (?:prick )?test|in vitro (?:specific )?ige|specific ige|raST|allergen[- ]specific|sensitization)\b/i,
    aliases: [
      "skin (?:prick |puncture )?test(?:ing)?",
      "\\bspt\\b",
      "specific ige",
      "s?ige to",
      "rast\\b",
      "immunocap",
      "allergen (?:panel|testing)",
      "aeroallergen (?:panel|testing)",
      "sensitization to",
    ],
  },
  {
    name: "growth hormone stimulation test",
    policy: /\b(?:gh|growth hormone) stimulation|\bstimulation tests?\b|\bprovocative (?:gh|growth hormone)? ?test/i,
    aliases: [
      "(?:gh|growth hormone) stimulation test",
      "stimulation test",
      "(?:arginine|clonidine|glucagon|insulin tolerance|levodopa|l-?dopa|macimorelin|itt)(?:[- ]stimulation)?(?: stim)? test",
      "(?:arginine|clonidine|glucagon|levodopa|itt|macimorelin)\\s*(?:stim|stimulation)\\b",
      "provocative (?:gh )?test",
    ],
    measure: "peak GH",
  },
  {
    name: "polysomnography",
    policy: /\bpolysomnogra|\bpsg\b|\bsleep stud(?:y|ies)\b|\bhome sleep (?:apnea )?test|\bhsat\b/i,
    aliases: ["polysomnogra\\w*", "\\bpsg\\b", "sleep stud(?:y|ies)", "home sleep (?:apnea )?test(?:ing)?", "\\bhsat\\b", "overnight (?:sleep )?study"],
    measure: "AHI",
  },
  {
    name: "multiple sleep latency test",
    policy: /\bmultiple sleep latency|\bmslt\b/i,
    aliases: ["multiple sleep latency test", "\\bmslt\\b"],
    measure: "mean sleep latency",
  },
  {
    name: "CPAP adherence download",
    // "use" alone ("education … prior to the use of the CPAP device") is no adherence requirement;
    // use counted in hours or nights is
    policy: /\b(?:cpap|pap|positive airway pressure)\b[^.;]{0,60}\b(?:adheren|complian|download|usage|use\b[^.;]{0,40}\b(?:hours?|nights?)\b)/i,
    aliases: [
      "(?:cpap|pap|apap|bipap) (?:download|compliance report|adherence report|usage report|data)",
      "compliance download",
      "device download",
      "(?:cpap|pap) (?:adherence|compliance|usage)",
    ],
    measure: "CPAP adherence",
  },
  {
    name: "genetic test",
    policy: /\bgenetic (?:test|testing|confirmation|mutation)|\bmutation in\b|\bpathogenic variant|\bgenotyp/i,
    aliases: [
      "genetic test(?:ing)?",
      "pathogenic (?:variant|mutation)",
      "(?:ldlr|apob|pcsk9|brca[12]?|egfr|alk|cftr|smn1|ttr) (?:mutation|variant|gene)",
      "mutation (?:detected|identified|positive)",
      "genotyp\\w*",
    ],
  },
  {
    name: "bone age radiograph",
    policy: /\bbone age\b/i,
    aliases: ["bone age(?: radiograph| x-?ray| film| study)?", "hand(?: and|/) wrist (?:x-?ray|radiograph)"],
    measure: "bone age",
  },
  {
    name: "pituitary MRI",
    policy: /\b(?:pituitary|brain|head) mri\b|\bmri of the (?:pituitary|brain|sella)/i,
    aliases: ["(?:pituitary|brain|head|sella(?:r)?) mri", "mri (?:of the )?(?:pituitary|brain|sella)"],
  },
  {
    name: "endoscopy",
    policy: /\bendoscop|\bcolonoscop|\begd\b/i,
    aliases: ["endoscop\\w*", "colonoscop\\w*", "\\begd\\b", "sigmoidoscop\\w*", "capsule endoscopy"],
  },
  {
    name: "nasal endoscopy or sinus CT",
    policy: /\bnasal endoscop|\bsinus ct\b|\bct (?:of the )?sinus/i,
    aliases: ["nasal endoscop\\w*", "sinus ct", "ct (?:of the )?(?:paranasal )?sinus(?:es)?"],
  },
  {
    name: "biopsy",
    policy: /\bbiops(?:y|ies)\b|\bhistolog/i,
    aliases: ["biops(?:y|ies)", "histolog\\w*", "patholog(?:y|ic) (?:report|confirm)"],
  },
  {
    name: "spirometry",
    policy: /\bspirometr|\bpulmonary function|\bpfts?\b|\bbronchodilator (?:response|reversibility)/i,
    aliases: ["spirometr\\w*", "pulmonary function test\\w*", "\\bpfts?\\b", "bronchodilator (?:response|reversibility)", "post-bronchodilator"],
    measure: "FEV1",
  },
  {
    name: "echocardiogram",
    policy: /\bechocardiogra|\becho\b/i,
    aliases: ["echocardiogra\\w*", "\\becho\\b", "\\btte\\b"],
    measure: "LVEF",
  },
  {
    name: "DEXA scan",
    policy: /\bdexa\b|\bdxa\b|\bbone (?:mineral )?density (?:test|scan)/i,
    aliases: ["\\bdexa\\b", "\\bdxa\\b", "bone (?:mineral )?density (?:test|scan|study)"],
    measure: "T-score",
  },
  {
    name: "EEG",
    policy: /\beeg\b|\belectroencephalogra/i,
    aliases: ["\\beeg\\b", "electroencephalogra\\w*", "video[- ]eeg"],
  },
  {
    name: "rheumatoid factor / anti-CCP",
    policy: /\brheumatoid factor\b|\banti-?ccp\b|\bseropositiv/i,
    aliases: ["rheumatoid factor", "\\brf\\b", "anti-?ccp", "\\bacpa\\b"],
  },
  {
    name: "HLA-B27",
    policy: /\bhla-?b27\b/i,
    aliases: ["hla-?b27"],
  },
  {
    name: "BCR-ABL",
    policy: /\bbcr-?abl\b|\bphiladelphia chromosome/i,
    aliases: ["bcr-?abl", "philadelphia chromosome", "\\bph[+-]"],
  },
  {
    name: "TPMT",
    policy: /\btpmt\b|\bthiopurine methyltransferase/i,
    aliases: ["\\btpmt\\b", "thiopurine methyltransferase"],
  },
  {
    // glucose-6-phosphate dehydrogenase activity before an oxidant drug (pegloticase, rasburicase,
    // primaquine, tafenoquine, dapsone): "deficiency ruled out" is a normal (not deficient) result.
    // Source: WHO, "Testing for G6PD deficiency for safe use of primaquine" (2016).
    name: "G6PD",
    policy: /\bg-?6-?pd\b|\bglucose[- ]6[- ]phosphate dehydrogenase\b/i,
    aliases: ["\\bg-?6-?pd\\b", "glucose[- ]6[- ]phosphate dehydrogenase"],
    // ("r/o G6PD deficiency" is a plan to test; "deficiency ruled out" a normal result)
    interpret: (after) =>
      /\b(?:rule out|r\/o|to exclude)\b/.test(after)
        ? null
        : /\b(?:ruled out|excluded|not deficient|no deficiency|non-?deficient|sufficient)\b/.test(after)
          ? "negative"
          : /\b(?:deficien(?:t|cy)|low activity|decreased activity|intermediate)\b/.test(after)
            ? "positive"
            : null,
  },
  {
    name: "urine drug screen",
    policy: /\burine drug (?:screen|test)|\btoxicology screen/i,
    aliases: ["urine drug (?:screen|test)", "\\buds\\b", "tox(?:icology)? screen"],
  },
  {
    name: "imaging",
    generic: true,
    policy: /\b(?:mri|ct scan|x-?ray|radiograph|ultrasound|imaging|computed tomography)\b/i,
    // (a high-resolution chest CT is written "HRCT"; "computed tomography" spelled out)
    aliases: ["\\bmri\\b", "\\b(?:hr)?ct\\b(?: scan)?", "computed tomography", "x-?ray", "radiograph\\w*", "ultrasound", "imaging"],
  },
];

export function testByName(name: string): TestTerm | null {
  return TESTS.find((t) => t.name === name) ?? null;
}
