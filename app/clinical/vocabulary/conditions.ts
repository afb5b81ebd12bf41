/**
 * Conditions the engine recognises, with the ICD-10-CM code prefixes that denote them.
 *
 * One entry per condition a coverage policy names as an indication, an exclusion or a
 * requirement. `aliases` are regex fragments matched on word boundaries, case-insensitive, except
 * short abbreviations written `\\bxx\\b`, which must appear in capitals ("RA", "PsA", not "ra").
 * A condition's `parents` let a policy's broader term cover a narrower diagnosis ("inflammatory
 * bowel disease" covers Crohn's disease).
 *
 * Source: ICD-10-CM 2026 tabular list (category and subcategory prefixes, with the dot where the
 * prefix reaches past three characters).
 */

export interface ConditionTerm {
  name: string;
  aliases: string[];
  icd10: string[];
  parents?: string[];
}

const C = (name: string, aliases: string[], icd10: string[], parents?: string[]): ConditionTerm => ({ name, aliases, icd10, ...(parents ? { parents } : {}) });

export const CONDITIONS: ConditionTerm[] = [
  // rheumatology
  C("pyoderma gangrenosum", ["pyoderma gangrenosum"], ["L88"]),
  C("sarcoidosis", ["sarcoidosis"], ["D86"]),
  C("scleritis", ["scleritis", "sterile corneal ulceration"], ["H15.0", "H16.0"]),
  C("rheumatoid arthritis", ["rheumatoid arthritis", "\\bra\\b"], ["M05", "M06"], ["inflammatory arthritis"]),
  C(
    "juvenile idiopathic arthritis",
    [
      "juvenile (?:idiopathic |rheumatoid )?arthritis",
      "\\bjia\\b",
      "\\bpjia\\b",
      "\\bsjia\\b",
      "polyarticular (?:course )?(?:juvenile|jia)",
      "still'?s disease",
    ],
    ["M08"],
    ["inflammatory arthritis"],
  ),
  C("psoriatic arthritis", ["psoriatic arthritis", "\\bpsa\\b", "arthropathic psoriasis", "psoriatic arthropathy"], ["L40.5"], ["inflammatory arthritis"]),
  C(
    "ankylosing spondylitis",
    ["ankylosing spondylitis", "radiographic axial spondyloarthritis", "\\bas\\b(?=[ ,);:/]|$)"],
    ["M45"],
    ["axial spondyloarthritis", "inflammatory arthritis"],
  ),
  C("non-radiographic axial spondyloarthritis", ["non-?radiographic axial spondyloarthritis", "nr-?axspa"], ["M45.A"], ["axial spondyloarthritis"]),
  C("axial spondyloarthritis", ["axial spondyloarthritis", "axspa", "spondyloarthritis"], ["M45", "M46.8"]),
  C("inflammatory arthritis", ["inflammatory arthritis"], []),
  C("systemic lupus erythematosus", ["systemic lupus", "lupus(?! nephritis)", "\\bsle\\b"], ["M32"]),
  C("lupus nephritis", ["lupus nephritis"], ["M32.14", "M32.15"]),
  C("giant cell arteritis", ["giant cell arteritis", "temporal arteritis", "\\bgca\\b"], ["M31.5", "M31.6"]),
  C("polymyalgia rheumatica", ["polymyalgia rheumatica", "\\bpmr\\b"], ["M35.3"]),
  C("gout", ["gout", "gouty arthritis"], ["M10", "M1A"]),
  C("behcet's disease", ["beh[cç]et'?s"], ["M35.2"]),
  C("sjogren's syndrome", ["sj[oö]gren"], ["M35.0"]),
  C("systemic sclerosis", ["systemic sclerosis", "scleroderma"], ["M34"]),
  // vasculitis is the family; granulomatosis with polyangiitis (M31.3) and microscopic polyangiitis (M31.7)
  // are its ANCA-associated members, eosinophilic granulomatosis with polyangiitis (M30.1) another member:
  // a policy naming GPA or MPA never covers EGPA (2022 ACR/EULAR classification criteria for AAV)
  C("vasculitis", ["vasculitis"], ["M31"]),
  C("granulomatosis with polyangiitis", ["granulomatosis with polyangiitis", "\\bgpa\\b", "wegener'?s granulomatosis"], ["M31.3"], ["vasculitis"]),
  C("microscopic polyangiitis", ["microscopic polyangiitis"], ["M31.7"], ["vasculitis"]),
  C("osteoarthritis", ["osteoarthritis", "degenerative joint disease"], ["M15", "M16", "M17", "M18", "M19"]),
  C("fibromyalgia", ["fibromyalgia"], ["M79.7"]),
  // gastroenterology / hepatology
  C("crohn's disease", ["crohn'?s", "regional enteritis", "\\bcd\\b(?=[ ,);:/]|$)"], ["K50"], ["inflammatory bowel disease"]),
  C("ulcerative colitis", ["ulcerative colitis", "\\buc\\b", "ulcerative proctitis"], ["K51"], ["inflammatory bowel disease"]),
  C("inflammatory bowel disease", ["inflammatory bowel disease", "\\bibd\\b"], ["K50", "K51"]),
  C("irritable bowel syndrome with constipation", ["ibs-?c\\b", "irritable bowel syndrome with constipation"], ["K58.1"]),
  C("irritable bowel syndrome with diarrhea", ["ibs-?d\\b", "irritable bowel syndrome with diarrh"], ["K58.0"]),
  // Rome IV "functional constipation" (children) is chronic idiopathic constipation's name in pediatrics
  C(
    "chronic idiopathic constipation",
    ["chronic idiopathic constipation", "\\bcic\\b", "chronic constipation", "functional constipation"],
    ["K59.04", "K59.09"],
  ),
  C("opioid-induced constipation", ["opioid[- ]induced constipation", "\\boic\\b"], ["K59.03"]),
  C("gastroesophageal reflux disease", ["gastroesophageal reflux", "\\bgerd\\b", "erosive esophagitis"], ["K21"]),
  C("eosinophilic esophagitis", ["eosinophilic esophagitis", "\\beoe\\b"], ["K20.0"]),
  C("exocrine pancreatic insufficiency", ["exocrine pancreatic insufficiency", "\\bepi\\b"], ["K86.81", "K90.3"]),
  C("chronic hepatitis c", ["hepatitis c", "\\bhcv\\b", "hep c"], ["B18.2", "B17.1", "B19.2"]),
  C("chronic hepatitis b", ["hepatitis b(?! (?:surface|core|screen|serolog|test))", "\\bhbv\\b infection", "chronic hbv"], ["B18.0", "B18.1", "B16", "B19.1"]),
  C("primary biliary cholangitis", ["primary biliary (?:cholangitis|cirrhosis)", "\\bpbc\\b"], ["K74.3"]),
  C("nonalcoholic steatohepatitis", ["steatohepatitis", "\\bnash\\b", "\\bmash\\b", "fatty liver"], ["K75.81", "K76.0"]),
  C("clostridioides difficile infection", ["c\\.? ?diff(?:icile)?", "clostridi(?:um|oides) difficile"], ["A04.7"]),
  C("hepatic encephalopathy", ["hepatic encephalopathy"], ["K76.82", "K72.9"]),
  C("small intestinal bacterial overgrowth", ["small intestinal bacterial overgrowth", "\\bsibo\\b"], ["K63.82"]),
  // dermatology
  // psoriasis by form (ICD-10-CM L40.0-L40.9): an unspecified "psoriasis" (L40.9) is the parent of
  // every form and satisfies none of them; psoriatic arthritis (L40.5) is listed with rheumatology
  C("psoriasis", ["\\bpso\\b", "psoriasis(?! area)(?!,? ?arthr)"], ["L40.9"]),
  C("plaque psoriasis", ["plaque psoriasis", "psoriasis vulgaris", "plaque[- ]type psoriasis", "chronic plaque"], ["L40.0"], ["psoriasis"]),
  C("generalized pustular psoriasis", ["generalized pustular psoriasis", "\\bgpp\\b", "von zumbusch"], ["L40.1"], ["pustular psoriasis"]),
  C(
    "pustular psoriasis",
    ["pustular (?:forms? of )?psoriasis", "palmo-?plantar pustulosis", "pustulosis palmaris et plantaris", "acrodermatitis continua", "\\bppp\\b"],
    ["L40.1", "L40.2", "L40.3"],
    ["psoriasis"],
  ),
  C("guttate psoriasis", ["guttate psoriasis"], ["L40.4"], ["psoriasis"]),
  C("erythrodermic psoriasis", ["erythrodermic psoriasis", "psoriatic erythroderma"], ["L40.8"], ["psoriasis"]),
  C("atopic dermatitis", ["atopic dermatitis", "atopic eczema", "eczema", "\\bad\\b"], ["L20"]),
  C("hidradenitis suppurativa", ["hidradenitis suppurativa", "\\bhs\\b"], ["L73.2"]),
  C("chronic spontaneous urticaria", ["chronic (?:spontaneous |idiopathic )?urticaria", "\\bcsu\\b", "\\bciu\\b", "urticaria", "chronic hives"], ["L50"]),
  C("prurigo nodularis", ["prurigo nodularis"], ["L28.1"]),
  C("alopecia areata", ["alopecia areata"], ["L63"]),
  C("vitiligo", ["vitiligo"], ["L80"]),
  C("hyperemesis gravidarum", ["hyperemesis(?: gravidarum)?"], ["O21.0", "O21.1", "O21.2"]),
  C("acne vulgaris", ["acne(?! rosacea)(?! inversa)"], ["L70"]),
  C("rosacea", ["rosacea"], ["L71"]),
  C("pemphigus vulgaris", ["pemphigus"], ["L10"]),
  C("bullous pemphigoid", ["bullous pemphigoid"], ["L12"]),
  C("onychomycosis", ["onychomycosis"], ["B35.1"]),
  // pulmonary / allergy
  C("asthma", ["asthma"], ["J45", "J82.83"]),
  C("eosinophilic asthma", ["eosinophilic asthma", "eosinophilic phenotype"], ["J45", "J82.83"], ["asthma"]),
  C("chronic obstructive pulmonary disease", ["\\bcopd\\b", "chronic obstructive pulmonary", "emphysema", "chronic bronchitis"], ["J43", "J44"]),
  C("chronic rhinosinusitis with nasal polyps", ["nasal polyps", "\\bcrswnp\\b", "rhinosinusitis with (?:nasal )?polyp", "nasal polyposis"], ["J33"]),
  C("allergic rhinitis", ["allergic rhinitis", "hay fever", "seasonal allergies"], ["J30"]),
  C("food allergy", ["food allerg", "ige-mediated food", "peanut allergy"], ["Z91.01", "T78.0"]),
  C(
    "eosinophilic granulomatosis with polyangiitis",
    ["eosinophilic granulomatosis(?: with polyangiitis)?", "\\begpa\\b", "churg[- ]strauss"],
    ["M30.1"],
    ["vasculitis"],
  ),
  C("hypereosinophilic syndrome", ["hypereosinophilic syndrome", "\\bhes\\b"], ["D72.11"]),
  // interstitial lung disease (ICD-10-CM J84) is the family; idiopathic pulmonary fibrosis (J84.112) is one
  // idiopathic interstitial pneumonia (J84.11), and progressive pulmonary fibrosis (fibrosing ILD other
  // than IPF with a progressive phenotype) another member of it — "ILD" never means IPF, and a policy's
  // "fibrosing ILD other than IPF" branch never matches an IPF request (ATS/ERS/JRS/ALAT 2022 IPF and PPF
  // guideline; ATS/ERS 2013 classification of the idiopathic interstitial pneumonias)
  C("interstitial lung disease", ["interstitial lung diseases?", "\\bild\\b", "interstitial pulmonary diseases?", "pulmonary fibrosis"], ["J84"]),
  C("idiopathic interstitial pneumonia", ["idiopathic interstitial pneumonias?"], ["J84.11"], ["interstitial lung disease"]),
  C(
    "idiopathic pulmonary fibrosis",
    ["idiopathic pulmonary fibrosis", "\\bipf\\b"],
    ["J84.112"],
    ["idiopathic interstitial pneumonia", "interstitial lung disease"],
  ),
  C(
    "progressive pulmonary fibrosis",
    [
      "progressive pulmonary fibrosis",
      "\\bppf\\b",
      "progressive(?:ly)? fibrosing (?:ild|interstitial lung diseases?)",
      "fibrosing interstitial lung diseases? with a progressive phenotype",
    ],
    [],
    ["interstitial lung disease"],
  ),
  // "non-cystic fibrosis bronchiectasis" (NCFB) is bronchiectasis without CF, never cystic fibrosis
  C("cystic fibrosis", ["(?<!non[- ])cystic fibrosis(?! bronchiectasis)"], ["E84"]),
  C("bronchiectasis", ["bronchiectas[ie]s"], ["J47"]),
  C(
    "non-cystic fibrosis bronchiectasis",
    ["non[- ]?cystic fibrosis bronchiectas[ie]s", "\\bncfb\\b", "bronchiectas[ie]s (?:not due to|unrelated to|without) cystic fibrosis"],
    ["J47"],
    ["bronchiectasis"],
  ),
  C("pulmonary arterial hypertension", ["pulmonary (?:arterial )?hypertension", "\\bpah\\b"], ["I27.0", "I27.2"]),
  // WHO Group 4 pulmonary hypertension (ICD-10-CM I27.24): a disease of its own, not pulmonary arterial
  // hypertension (Group 1) — a heading "Chronic thromboembolic pulmonary hypertension (CTEPH)" is its
  // branch, and an I27.24 request is never read as PAH (2022 ESC/ERS PH guidelines, clinical classification)
  C("chronic thromboembolic pulmonary hypertension", ["chronic thrombo-?embolic pulmonary (?:arterial )?hypertension", "\\bcteph\\b"], ["I27.24"]),
  C("hereditary angioedema", ["hereditary angioedema", "\\bhae\\b"], ["D84.1"]),
  C("rsv prophylaxis", ["respiratory syncytial virus", "\\brsv\\b"], ["Z29.11", "P07"]),
  // neurology
  C("migraine", ["migraines?", "migrainous"], ["G43"]),
  C("chronic migraine", ["chronic migraine"], ["G43.7", "G43.70", "G43.71"], ["migraine"]),
  C("episodic migraine", ["episodic migraine"], ["G43.0", "G43.1", "G43.9"], ["migraine"]),
  C("cluster headache", ["cluster headache"], ["G44.0"]),
  C("medication overuse headache", ["medication[- ]overuse headache", "rebound headache"], ["G44.4"]),
  // multiple sclerosis by course (ICD-10-CM from October 2025: G35.A relapsing-remitting, G35.B0-B2
  // primary progressive, G35.C0-C2 secondary progressive, G35.D unspecified; G35 before): an
  // unspecified MS is the parent of every course and satisfies none of them
  C("multiple sclerosis", ["multiple sclerosis", "\\bms\\b"], ["G35"]),
  C(
    "relapsing multiple sclerosis",
    ["relapsing(?:[- ]remitting)? (?:forms? of )?(?:multiple sclerosis|ms)\\b", "relapsing[- ]remitting disease", "\\brrms\\b", "\\brms\\b"],
    ["G35.A"],
    ["multiple sclerosis"],
  ),
  // a first demyelinating event that does not (yet) meet the McDonald criteria: listed beside
  // relapsing-remitting MS among the "relapsing forms" of the FDA labels, and excluded by policies that
  // cover only MS meeting McDonald — a condition of its own, neither parent nor child of RRMS
  C("clinically isolated syndrome", ["clinically isolated syndrome", "\\bcis\\b"], []),
  C("primary progressive multiple sclerosis", ["primary[- ]progressive (?:multiple sclerosis|ms)\\b", "\\bppms\\b"], ["G35.B"], ["multiple sclerosis"]),
  C("secondary progressive multiple sclerosis", ["secondary[- ]progressive (?:multiple sclerosis|ms)\\b", "\\bspms\\b"], ["G35.C"], ["multiple sclerosis"]),
  C("epilepsy", ["epilepsy", "seizure disorder", "generalized tonic"], ["G40"]),
  // focal (partial-onset) seizures: ICD-10-CM G40.0 / G40.1 / G40.2 (localization-related epilepsy)
  C(
    "focal epilepsy",
    [
      "focal[- ]onset (?:\\(partial[- ]onset\\) )?seizures?",
      "partial[- ]onset seizures?",
      "focal (?:impaired[- ]awareness |aware |motor |non-?motor |to bilateral tonic[- ]clonic )?seizures?",
      "\\bfias\\b",
      "(?:complex|simple) partial seizures?",
      "focal epilepsy",
      "localization[- ]related (?:\\(?focal\\)?\\s*\\(?partial\\)?\\s*)?(?:symptomatic |idiopathic |cryptogenic )?epilepsy",
      "temporal lobe epilepsy",
    ],
    ["G40.0", "G40.1", "G40.2"],
    ["epilepsy"],
  ),
  C("lennox-gastaut syndrome", ["lennox[- ]gastaut", "\\blgs\\b"], ["G40.81"], ["epilepsy"]),
  C("dravet syndrome", ["dravet"], ["G40.83"], ["epilepsy"]),
  C("infantile spasms", ["infantile spasms", "west syndrome"], ["G40.82"], ["epilepsy"]),
  C("tuberous sclerosis complex", ["tuberous sclerosis"], ["Q85.1"]),
  C("parkinson's disease", ["parkinson'?s"], ["G20"]),
  C("alzheimer's disease", ["alzheimer'?s", "dementia"], ["G30", "F03"]),
  C("amyotrophic lateral sclerosis", ["amyotrophic lateral sclerosis", "\\bals\\b"], ["G12.21"]),
  C("spinal muscular atrophy", ["spinal muscular atrophy", "\\bsma\\b"], ["G12.0", "G12.1"]),
  C("duchenne muscular dystrophy", ["duchenne", "\\bdmd\\b"], ["G71.01"]),
  C("myasthenia gravis", ["myasthenia gravis"], ["G70.0"]),
  C("chronic inflammatory demyelinating polyneuropathy", ["chronic inflammatory demyelinating", "\\bcidp\\b"], ["G61.81"]),
  C("huntington's disease", ["huntington'?s", "chorea"], ["G10"]),
  C("tardive dyskinesia", ["tardive dyskinesia"], ["G24.01"]),
  C("restless legs syndrome", ["restless legs"], ["G25.81"]),
  C(
    "neuropathic pain",
    ["neuropathic pain", "diabetic (?:peripheral )?neuropathy", "postherpetic neuralgia", "peripheral neuropathy"],
    ["G62", "E11.4", "B02.2", "M79.2"],
  ),
  C("spasticity", ["spasticity"], ["R25.2"]),
  C("cervical dystonia", ["cervical dystonia", "spasmodic torticollis"], ["G24.3"]),
  // sleep
  C("narcolepsy", ["narcolepsy"], ["G47.41", "G47.42", "G47.4"]),
  C("narcolepsy with cataplexy", ["narcolepsy with cataplexy", "narcolepsy type 1", "\\bnt1\\b"], ["G47.411", "G47.421"], ["narcolepsy"]),
  C("obstructive sleep apnea", ["obstructive sleep apnea", "\\bosa\\b", "sleep apnea", "\\bosahs\\b"], ["G47.33"]),
  C("shift work disorder", ["shift work (?:sleep )?disorder", "\\bswd\\b", "circadian rhythm sleep disorder, shift"], ["G47.26"]),
  C("idiopathic hypersomnia", ["idiopathic hypersomnia"], ["G47.11", "G47.12"]),
  C("insomnia", ["insomnia"], ["G47.0", "F51.0"]),
  C("excessive daytime sleepiness", ["excessive daytime sleepiness", "\\beds\\b", "hypersomnolence"], ["G47.1", "R40.0"]),
  C("fatigue", ["fatigue", "malaise", "tiredness"], ["R53"]),
  // psychiatry
  C("attention deficit hyperactivity disorder", ["\\badhd\\b", "\\badd\\b", "attention[- ]deficit"], ["F90"]),
  C("binge eating disorder", ["binge eating"], ["F50.81"]),
  C("major depressive disorder", ["major depressive", "\\bmdd\\b", "depression", "depressive disorder", "treatment-resistant depression"], ["F32", "F33"]),
  // F53.0 (ICD-10-CM since FY2023): a major depressive episode with peripartum onset — a condition of
  // its own, narrower than major depressive disorder (never "PPD", which is also the tuberculin test)
  C(
    "postpartum depression",
    ["post-?partum depression", "peri-?partum depression", "postnatal depression", "perinatal depression", "depression with peri-?partum onset"],
    ["F53.0"],
    ["major depressive disorder"],
  ),
  // "bipolar depression" is a depressive episode of bipolar disorder (F31.3-F31.5), never major depressive disorder
  C("bipolar disorder", ["bipolar", "bipolar (?:i{1,2} |type (?:1|2|i{1,2}) )?depression", "depressive episodes? (?:of|in|associated with) bipolar"], ["F31"]),
  C("anorexia nervosa", ["anorexia nervosa"], ["F50.0"]),
  C("bulimia nervosa", ["bulimia(?: nervosa)?"], ["F50.2"]),
  // schizoaffective disorder (F25) and schizophreniform disorder (F20.81) are diagnoses of their own, never schizophrenia
  C("schizophrenia", ["schizophrenia"], ["F20"]),
  C("schizoaffective disorder", ["schizoaffective"], ["F25"]),
  C("schizophreniform disorder", ["schizophreniform"], ["F20.81"]),
  C("generalized anxiety disorder", ["generalized anxiety", "\\bgad\\b", "anxiety disorder"], ["F41.1", "F41.9"]),
  C(
    "substance use disorder",
    ["substance use disorders?", "substance[- ]related disorders?", "\\bsud\\b"],
    ["F10", "F11", "F12", "F13", "F14", "F15", "F16", "F18", "F19"],
  ),
  C("opioid use disorder", ["opioid use disorder", "opioid dependence", "\\boud\\b"], ["F11"]),
  C("alcohol use disorder", ["alcohol use disorder", "alcohol dependence"], ["F10"]),
  C("tobacco use disorder", ["nicotine dependence", "tobacco use", "smoking cessation"], ["F17"]),
  // endocrine / metabolic
  C(
    "type 2 diabetes mellitus",
    [
      "type 2 diabetes mellitus",
      "type 2 diabetes",
      "type ii diabetes",
      "\\bt2dm\\b",
      "\\bt2d\\b",
      "diabetes mellitus,? type 2",
      "type 2 dm",
      "\\bdm2\\b",
      "\\bdm ?ii\\b",
      "non-?insulin[- ]dependent diabetes",
    ],
    ["E11"],
    ["diabetes mellitus"],
  ),
  C(
    "type 1 diabetes mellitus",
    [
      "type 1 diabetes mellitus",
      "type 1 diabetes",
      "\\bt1dm\\b",
      "\\bt1d\\b",
      "type i diabetes",
      "diabetes mellitus,? type 1",
      "insulin[- ]dependent diabetes",
      "\\bdm1\\b",
    ],
    ["E10"],
    ["diabetes mellitus"],
  ),
  C("diabetes mellitus", ["diabetes mellitus", "diabetes(?! insipidus)"], ["E08", "E09", "E10", "E11", "E13"]),
  // chronic wounds of the lower limb (a policy's "DFU:" / "VLU:" requirements are scoped by these)
  C(
    "diabetic foot ulcer",
    ["diabetic foot ulcers?", "foot ulcers? (?:in|of) (?:a |the )?(?:patient|member|person) with diabetes", "\\bdfus?\\b"],
    ["E08.621", "E09.621", "E10.621", "E11.621", "E13.621"],
  ),
  C(
    "venous leg ulcer",
    ["venous (?:leg |stasis |insufficiency )?ulcers?", "\\bvlus?\\b", "varicose veins? of (?:the )?(?:\\w+ )?lower extremit\\w+ with (?:\\w+ )?ulcer\\w*"],
    ["I83.0", "I83.2", "I87.31", "I87.33"],
  ),
  C("prediabetes", ["prediabetes", "pre-?diabetes", "impaired fasting glucose", "impaired glucose tolerance"], ["R73.0"]),
  C(
    "obesity",
    ["obesity", "obese", "overweight", "weight management", "weight loss", "morbid obesity", "class (?:1|2|3|i|ii|iii) obesity"],
    ["E66", "Z68.3", "Z68.4"],
  ),
  C("primary hyperlipidemia", ["hyperlipidemia", "hypercholesterolemia", "dyslipidemia", "elevated ldl", "mixed dyslipidemia"], ["E78"]),
  C(
    "heterozygous familial hypercholesterolemia",
    ["heterozygous familial hypercholesterolemia", "\\bhefh\\b", "familial hypercholesterolemia"],
    ["E78.01"],
    ["primary hyperlipidemia"],
  ),
  C("homozygous familial hypercholesterolemia", ["homozygous familial hypercholesterolemia", "\\bhofh\\b"], ["E78.01"], ["primary hyperlipidemia"]),
  C("hypertriglyceridemia", ["hypertriglyceridemia", "elevated triglycerides"], ["E78.1", "E78.3"]),
  // familial chylomicronemia syndrome (LPL, APOC2, APOA5, LMF1, GPIHBP1 deficiency; ICD-10-CM E78.3
  // hyperchylomicronemia): no child of the multifactorial hypertriglyceridemia policies exclude
  C(
    "familial chylomicronemia syndrome",
    ["familial chylomicronemia(?: syndrome)?", "\\bfcs\\b", "(?:familial )?lipoprotein lipase deficiency", "type (?:i|1) hyperlipoproteinemia"],
    ["E78.3"],
  ),
  C("growth hormone deficiency", ["growth hormone deficiency", "\\bghd\\b", "hypopituitarism", "pituitary dwarfism", "panhypopituitarism"], ["E23.0", "E89.3"]),
  C("short stature", ["short stature", "growth failure"], ["R62.52", "E34.3"]),
  C(
    "idiopathic short stature",
    ["idiopathic short stature", "\\biss\\b", "constitutional delay of growth", "familial short stature"],
    ["R62.52"],
    ["short stature"],
  ),
  C("turner syndrome", ["turner syndrome"], ["Q96"]),
  C("prader-willi syndrome", ["prader[- ]willi"], ["Q87.11"]),
  C("small for gestational age", ["small for gestational age", "\\bsga\\b"], ["P05"]),
  C("hypogonadism", ["hypogonadism", "testosterone deficiency", "low testosterone", "androgen deficiency"], ["E29.1", "E23.0", "E89.5"]),
  C("gender dysphoria", ["gender dysphoria", "gender incongruence"], ["F64"]),
  C("osteoporosis", ["osteoporosis", "osteoporotic"], ["M80", "M81"]),
  C("osteopenia", ["osteopenia", "low bone (?:mass|density)"], ["M85.8"]),
  C("hypothyroidism", ["hypothyroidism"], ["E03", "E89.0"]),
  C("hyperthyroidism", ["hyperthyroidism", "graves"], ["E05"]),
  C("cushing's syndrome", ["cushing'?s"], ["E24"]),
  C("acromegaly", ["acromegaly"], ["E22.0"]),
  C("secondary hyperparathyroidism", ["secondary hyperparathyroidism"], ["N25.81"]),
  C("hyperkalemia", ["hyperkalemia"], ["E87.5"]),
  C("endometriosis", ["endometriosis"], ["N80"]),
  C("uterine fibroids", ["uterine fibroids", "leiomyomas?"], ["D25"]),
  C("infertility", ["infertility"], ["N97", "N46"]),
  C("erectile dysfunction", ["erectile dysfunction"], ["N52"]),
  C("overactive bladder", ["overactive bladder", "\\boab\\b", "urge incontinence"], ["N32.81", "N39.41"]),
  C("benign prostatic hyperplasia", ["benign prostatic hyperplasia", "\\bbph\\b"], ["N40"]),
  C("lysosomal storage disease", ["fabry", "gaucher", "pompe"], ["E75.2", "E74.02"]),
  // cardiovascular / renal
  C(
    "atherosclerotic cardiovascular disease",
    [
      "\\bascvd\\b",
      "atherosclerotic",
      "coronary artery disease",
      "\\bcad\\b",
      "myocardial infarction",
      "\\bmi\\b",
      "nstemi",
      "stemi",
      "acute coronary syndrome",
      "angina",
      "\\bpci\\b",
      "cabg",
      "bypass graft",
      "coronary (?:stent|revasculari[sz]ation)",
      "stroke",
      "ischemic stroke",
      "transient ischemic attack",
      "\\btia\\b",
      "peripheral arter(?:y|ial) disease",
      "peripheral vascular disease",
      "\\bpad\\b",
      "cerebral infarction",
    ],
    ["I20", "I21", "I22", "I23", "I24", "I25", "I63", "I65", "I66", "I67.2", "I70", "I73.9", "Z95.1", "Z95.5", "Z86.73", "Z98.61", "G45"],
  ),
  C("heart failure", ["heart failure", "\\bhfref\\b", "\\bhfpef\\b", "\\bchf\\b", "cardiomyopathy"], ["I50", "I42"]),
  C("atrial fibrillation", ["atrial fibrillation", "\\bafib\\b", "a-?fib", "atrial flutter"], ["I48"]),
  C(
    "venous thromboembolism",
    ["deep vein thrombosis", "\\bdvt\\b", "pulmonary embolism", "\\bpe\\b", "venous thromboembolism", "\\bvte\\b"],
    ["I26", "I82.4", "I82.5"],
  ),
  C("hypertension", ["hypertension", "\\bhtn\\b", "high blood pressure"], ["I10", "I11", "I12", "I13", "I15"]),
  C("transthyretin amyloid cardiomyopathy", ["transthyretin", "\\battr\\b", "amyloid cardiomyopathy"], ["E85.82", "E85.1"]),
  C("hypertrophic cardiomyopathy", ["hypertrophic cardiomyopathy", "\\bhcm\\b"], ["I42.1", "I42.2"]),
  C("chronic kidney disease", ["chronic kidney disease", "\\bckd\\b", "end[- ]stage renal disease", "\\besrd\\b", "renal insufficiency"], ["N18"]),
  C("anemia of chronic kidney disease", ["anemia (?:of|in|due to) (?:chronic kidney|ckd)", "renal anemia"], ["D63.1"]),
  C("autosomal dominant polycystic kidney disease", ["polycystic kidney", "\\badpkd\\b"], ["Q61.2", "Q61.3"]),
  // hematology / oncology
  C("iron deficiency anemia", ["iron deficiency anemia", "iron[- ]deficiency"], ["D50"]),
  C("anemia", ["anemia", "anaemia"], ["D50", "D51", "D52", "D53", "D55", "D56", "D57", "D58", "D59", "D60", "D61", "D62", "D63", "D64"]),
  C("sickle cell disease", ["sickle cell"], ["D57"]),
  C("immune thrombocytopenia", ["immune thrombocytopenia", "\\bitp\\b", "idiopathic thrombocytopenic purpura"], ["D69.3"]),
  C("hemophilia", ["hemophilia"], ["D66", "D67"]),
  C("paroxysmal nocturnal hemoglobinuria", ["paroxysmal nocturnal hemoglobinuria", "\\bpnh\\b"], ["D59.5"]),
  C("neutropenia", ["neutropenia", "febrile neutropenia"], ["D70"]),
  C("acute lymphoblastic leukemia", ["acute lymphoblastic leukemia", "b-all\\b", "b-cell (?:precursor )?(?:acute )?lymphoblastic"], ["C91.0"], ["cancer"]),
  C("acute myeloid leukemia", ["acute myeloid leukemia", "\\baml\\b"], ["C92.0"], ["cancer"]),
  C("chronic myeloid leukemia", ["chronic myeloid leukemia", "\\bcml\\b"], ["C92.1"], ["cancer"]),
  C("chronic lymphocytic leukemia", ["chronic lymphocytic leukemia", "\\bcll\\b"], ["C91.1"], ["cancer"]),
  C("multiple myeloma", ["multiple myeloma"], ["C90.0"], ["cancer"]),
  C("lymphoma", ["lymphoma"], ["C81", "C82", "C83", "C84", "C85", "C86", "C88"], ["cancer"]),
  C("hodgkin lymphoma", ["(?<!non[- ])hodgkin'?s?(?: lymphoma| disease)", "classic(?:al)? hodgkin"], ["C81"], ["lymphoma"]),
  C("non-hodgkin lymphoma", ["non[- ]hodgkin'?s?(?: lymphoma)?", "\\bnhl\\b"], ["C82", "C83", "C84", "C85", "C86", "C88"], ["lymphoma"]),
  C("diffuse large b-cell lymphoma", ["diffuse large b[- ]cell", "\\bdlbcl\\b"], ["C83.3"], ["non-hodgkin lymphoma"]),
  C("follicular lymphoma", ["follicular lymphoma"], ["C82"], ["non-hodgkin lymphoma"]),
  C("mantle cell lymphoma", ["mantle cell lymphoma", "\\bmcl\\b"], ["C83.1"], ["non-hodgkin lymphoma"]),
  C("marginal zone lymphoma", ["marginal zone lymphoma", "\\bmalt lymphoma"], ["C88.4", "C83.0"], ["non-hodgkin lymphoma"]),
  C("breast cancer", ["breast cancer", "carcinoma of (?:the )?breast"], ["C50"], ["cancer"]),
  C("prostate cancer", ["prostate cancer"], ["C61"], ["cancer"]),
  C("non-small cell lung cancer", ["non-small cell lung", "\\bnsclc\\b", "lung cancer"], ["C34"], ["cancer"]),
  // small cell lung cancer is its own disease, never non-small cell lung cancer read through "lung cancer"
  C(
    "small cell lung cancer",
    ["(?<!non-)(?<!non )\\bsmall[- ]cell lung (?:cancer|carcinoma)", "\\bsclc\\b", "(?<!non-)\\bsmall[- ]cell carcinoma of the lung"],
    ["C34"],
    ["cancer"],
  ),
  C("colorectal cancer", ["colorectal cancer", "colon cancer", "rectal cancer"], ["C18", "C19", "C20"], ["cancer"]),
  C("melanoma", ["melanoma"], ["C43"], ["cancer"]),
  C("renal cell carcinoma", ["renal cell carcinoma"], ["C64"], ["cancer"]),
  C("osteosarcoma", ["osteosarcoma", "bone sarcoma", "ewing"], ["C40", "C41"], ["cancer"]),
  C(
    "ovarian cancer",
    ["ovarian cancer", "(?:epithelial )?ovarian carcinoma", "fallopian tube cancer", "primary peritoneal cancer"],
    ["C56", "C57.0", "C48.2"],
    ["cancer"],
  ),
  C("endometrial cancer", ["endometrial (?:cancer|carcinoma)", "uterine cancer"], ["C54.1", "C55"], ["cancer"]),
  C("hepatocellular carcinoma", ["hepatocellular carcinoma", "\\bhcc\\b", "liver cancer"], ["C22.0"], ["cancer"]),
  C(
    "thyroid cancer",
    ["thyroid (?:cancer|carcinoma)", "(?:differentiated|medullary|papillary|follicular|anaplastic) thyroid (?:cancer|carcinoma)"],
    ["C73"],
    ["cancer"],
  ),
  C("neuroendocrine tumor", ["neuroendocrine (?:tumou?rs?|carcinoma|neoplasm)", "\\bnets?\\b", "carcinoid"], ["C7A", "D3A", "C25.4"], ["cancer"]),
  C("soft tissue sarcoma", ["soft tissue sarcoma", "liposarcoma", "leiomyosarcoma", "rhabdomyosarcoma", "angiosarcoma"], ["C49", "C45"], ["cancer"]),
  C("gastrointestinal stromal tumor", ["gastrointest\\w* stromal tumou?r", "\\bgist\\b"], ["C49.A"], ["cancer"]),
  C("thymoma", ["thym(?:oma|ic carcinoma)s?"], ["C37"], ["cancer"]),
  C("meningioma", ["meningioma"], ["D32", "C70"]),
  C("histiocytic neoplasm", ["histiocytic neoplasm", "histiocytosis", "erdheim[- ]chester", "rosai[- ]dorfman"], ["C96.5", "C96.6", "D76.3", "E88.89"]),
  C("waldenstrom macroglobulinemia", ["waldenstr\\S*m'?s? macroglobulinemia", "lymphoplasmacytic lymphoma"], ["C88.0", "C83.0"], ["non-hodgkin lymphoma"]),
  C("gastric cancer", ["gastric (?:cancer|adenocarcinoma)", "stomach cancer", "gastroesophageal junction"], ["C16"], ["cancer"]),
  C("pancreatic cancer", ["pancreatic (?:cancer|adenocarcinoma)"], ["C25"], ["cancer"]),
  C("urothelial carcinoma", ["urothelial (?:cancer|carcinoma)", "bladder cancer"], ["C67", "C65", "C66", "C68"], ["cancer"]),
  C(
    "head and neck cancer",
    ["head and neck (?:cancer|squamous)", "\\bscchn\\b", "\\bhnscc\\b"],
    ["C00", "C01", "C02", "C03", "C04", "C05", "C06", "C09", "C10", "C12", "C13", "C32"],
    ["cancer"],
  ),
  C("glioma", ["glioma", "glioblastoma", "astrocytoma"], ["C71"], ["cancer"]),
  C("myelofibrosis", ["myelofibrosis"], ["D47.4", "D75.81"]),
  C("polycythemia vera", ["polycythemia vera"], ["D45"]),
  C("myelodysplastic syndrome", ["myelodysplastic", "\\bmds\\b"], ["D46"]),
  C("cancer", ["cancer", "malignan(?:cy|t)", "carcinoma", "neoplasm"], ["C"]),
  // eye
  // (dry / nonexudative AMD is another disease: its longer name keeps "macular degeneration" from reading
  // as the neovascular form)
  C(
    "nonexudative age-related macular degeneration",
    ["(?:non-?exudative|dry|atrophic)\\s+(?:\\((?:dry|atrophic)\\)\\s+)?(?:age-related\\s+)?macular degeneration", "(?:dry|non-?exudative|atrophic)\\s+amd"],
    ["H35.31"],
  ),
  C("neovascular age-related macular degeneration", ["macular degeneration", "\\bamd\\b", "\\bnamd\\b"], ["H35.32"]),
  C(
    "macular edema following retinal vein occlusion",
    [
      "macular (?:o)?edema\\s+(?:following|secondary to|due to|after|associated with|from)\\s+(?:an?\\s+)?(?:central\\s+|branch\\s+|hemi-?\\s*|tributary\\s+)?retinal vein occlusion",
      "(?:central |branch |hemi-?|tributary )?retinal vein occlusion",
      "\\b[BCH]?RVO\\b",
    ],
    ["H34.81", "H34.83"],
  ),
  C("diabetic macular edema", ["diabetic macular edema", "\\bdme\\b"], ["E11.3", "E10.3"]),
  C("dry eye disease", ["dry eye", "keratoconjunctivitis sicca"], ["H04.12", "H16.22"]),
  C("uveitis", ["uveitis"], ["H20", "H30", "H44.1"]),
  // infectious disease
  // "HIV-1 pre-exposure prophylaxis", "HIV test negative", "HIV Ag/Ab", "HIV risk": about preventing or
  // testing for the infection, never the infection itself (an abbreviation alias matches case-sensitively,
  // so its lookahead spells each letter in both cases)
  C(
    "hiv infection",
    [
      "\\bhiv\\b(?!(?:-?[12]\\b)?[\\s-]*(?:1/2\\s*)?(?:[pP][rR][eE]-?[eE][xX][pP][oO][sS][uU][rR][eE]|[pP][rR][eE][pP]\\b|[pP][oO][sS][tT]-?[eE][xX][pP][oO][sS][uU][rR][eE]|[pP][eE][pP]\\b|[tT][eE][sS][tT][sS]?\\b|[tT][eE][sS][tT][iI][nN][gG]|[sS][cC][rR][eE][eE][nN]|[nN][eE][gG][aA][tT][iI][vV][eE]|[nN][oO][nN]-?[rR][eE][aA][cC][tT][iI][vV][eE]|[aA][gG]\\b|[aA][gG]/[aA][bB]|[aA][nN][tT][iI][gG][eE][nN]|[aA][nN][tT][iI][bB][oO][dD][yY]|[aA][bB]\\b|[rR][nN][aA]|[rR][iI][sS][kK]|[pP][rR][eE][vV][eE][nN][tT][iI][oO][nN]|[pP][rR][oO][pP][hH][yY][lL][aA][xX][iI][sS]|[eE][xX][pP][oO][sS][uU][rR][eE]))",
      "human immunodeficiency virus(?! (?:pre-?exposure|test|screen|prophylaxis))",
    ],
    ["B20", "Z21"],
  ),
  C("hiv pre-exposure prophylaxis", ["pre-?exposure prophylaxis", "\\bprep\\b"], ["Z20.6", "Z29.81"]),
  C("tuberculosis", ["tuberculosis", "\\btb\\b"], ["A15", "A16", "A17", "A18", "A19", "Z22.7"]),
  C("influenza", ["influenza"], ["J09", "J10", "J11"]),
  // other
  C("chronic pain", ["chronic pain", "chronic low back pain", "chronic non-?cancer pain"], ["G89.2", "G89.4", "M54.5"]),
  C("anorexia/cachexia", ["cachexia", "hiv wasting"], ["R64"]),
  C("cosmetic use", ["cosmetic"], []),
  // conditions of specialty drugs approved in recent years (ICD-10-CM FY2026 categories; names as the
  // FDA labels and the payers' policies write them). A policy indicated for one of these was an indication
  // the reader could not understand, so every request under it went to a reviewer.
  C("iga nephropathy", ["iga nephropathy", "immunoglobulin a nephropathy", "\\bigan\\b", "berger'?s disease"], ["N02.B"]),
  C(
    "focal segmental glomerulosclerosis",
    ["focal segmental glomerulosclerosis", "\\bfsgs\\b", "focal and segmental glomerular lesions?"],
    ["N00.1", "N01.1", "N02.1", "N03.1", "N04.1", "N05.1", "N06.1", "N07.1"],
  ),
  C("c3 glomerulopathy", ["c3 glomerulopathy", "\\bc3g\\b", "c3 glomerulonephritis", "dense deposit disease"], []),
  C(
    "demodex blepharitis",
    ["demodex blepharitis", "blepharitis (?:due to|caused by|from) demodex", "demodex (?:mites? )?(?:infestation )?of the eyelids?"],
    ["B88.0"],
  ),
  C("vasomotor symptoms of menopause", ["vasomotor symptoms", "\\bvms\\b", "hot flash(?:es)?", "hot flushes"], ["N95.1"]),
  C(
    "thyroid eye disease",
    ["thyroid eye disease", "graves'? (?:ophthalmopathy|orbitopathy)", "thyroid[- ]associated (?:ophthalmopathy|orbitopathy)"],
    ["H06.2"],
  ),
  C(
    "geographic atrophy",
    ["geographic atrophy", "advanced atrophic (?:nonexudative )?age-related macular degeneration"],
    ["H35.3113", "H35.3114", "H35.3123", "H35.3124", "H35.3133", "H35.3134", "H35.3193", "H35.3194"],
  ),
  C("atypical hemolytic uremic syndrome", ["atypical hemolytic[- ]uremic syndrome", "\\bahus\\b"], ["D59.3"]),
  C("neuromyelitis optica spectrum disorder", ["neuromyelitis optica(?: spectrum disorder)?", "\\bnmosd\\b", "devic'?s disease"], ["G36.0"]),
  C("achondroplasia", ["achondroplasia"], ["Q77.4"]),
  C("rett syndrome", ["rett syndrome"], ["F84.2"]),
  C("friedreich ataxia", ["friedreich'?s? ataxia"], ["G11.1"]),
  C("beta thalassemia", ["beta[- ]thalassemia", "β-thalassemia", "thalassemia major"], ["D56.1"]),
  C("phenylketonuria", ["phenylketonuria", "\\bpku\\b"], ["E70.0", "E70.1"]),
  C("hypophosphatasia", ["hypophosphatasia"], ["E83.39"]),
  C("x-linked hypophosphatemia", ["x-linked hypophosphatemia", "\\bxlh\\b"], ["E83.31"]),
  C("congenital adrenal hyperplasia", ["congenital adrenal hyperplasia", "21-hydroxylase deficiency"], ["E25.0"]),
  C("alpha-1 antitrypsin deficiency", ["alpha[- ]?1[- ]antitrypsin deficiency", "α1-antitrypsin deficiency", "\\baatd\\b"], ["E88.01"]),
  C("hypoactive sexual desire disorder", ["hypoactive sexual desire disorder", "\\bhsdd\\b"], ["F52.0"]),
  C("cold agglutinin disease", ["cold agglutinin disease"], ["D59.12"]),
  C("covid-19", ["covid-19", "sars-cov-2 infection"], ["U07.1"]),
  C("hypoparathyroidism", ["hypoparathyroidism"], ["E20", "E89.2"]),
  C("central precocious puberty", ["central precocious puberty"], ["E30.1"]),
  C("von willebrand disease", ["von willebrand(?:'s)? disease", "\\bvwd\\b"], ["D68.0"]),
  C("lipodystrophy", ["lipodystrophy"], ["E88.1"]),
  C("al amyloidosis", ["(?:al|light[- ]chain) amyloidosis"], ["E85.81"]),
  C("interstitial cystitis", ["interstitial cystitis", "bladder pain syndrome"], ["N30.1"]),
  C("glaucoma", ["glaucoma", "ocular hypertension"], ["H40"]),
  C("presbyopia", ["presbyopia"], ["H52.4"]),
  C("nocturia", ["nocturia", "nocturnal polyuria"], ["R35.1", "R35.81"]),
  C("short bowel syndrome", ["short bowel syndrome"], ["K90.82", "K91.2"]),
  C("primary hyperoxaluria", ["primary hyperoxaluria"], ["E72.53"]),
  C("cystinosis", ["cystinosis"], ["E72.04"]),
  C("wilson disease", ["wilson'?s? disease"], ["E83.01"]),
  C("niemann-pick disease type c", ["niemann[- ]pick disease,? type c"], ["E75.242"]),
  C("mucopolysaccharidosis", ["mucopolysaccharidosis", "hurler syndrome", "hunter syndrome", "morquio syndrome"], ["E76.0", "E76.1", "E76.2", "E76.3"]),
  C("epidermolysis bullosa", ["epidermolysis bullosa"], ["Q81"]),
  C("molluscum contagiosum", ["molluscum contagiosum"], ["B08.1"]),
  C("seborrheic dermatitis", ["seborrh?eic dermatitis"], ["L21"]),
  C("lichen planus", ["lichen planus"], ["L43"]),
  C("dermatomyositis", ["dermatomyositis"], ["M33.0", "M33.1"]),
  C("familial mediterranean fever", ["familial mediterranean fever", "\\bfmf\\b"], ["M04.1"]),
  C("cryopyrin-associated periodic syndromes", ["cryopyrin[- ]associated periodic syndromes?"], ["M04.2"]),
];

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** compiled alias regexes: flags → alias → regex */
const regexCache = new Map<string, Map<string, RegExp>>();

/**
 * Regex for one alias. Short abbreviations written as `\\bxx\\b` match only in capitals (or mixed
 * case such as "PsA", "HeFH"), so prose words ("as", "Ms.", "pad") do not count; everything else is
 * case-insensitive on a word start.
 */
export function aliasRegex(a: string, flags = ""): RegExp {
  const re = sharedAliasRegex(a, flags);
  return new RegExp(re.source, re.flags);
}

/**
 * The one compiled regex of an alias, shared by this module's scans (a fresh copy per call cost a
 * fifth of the engine's time). Callers reset `lastIndex` before a global scan and finish it before
 * calling anything that could scan with the same alias.
 */
function sharedAliasRegex(a: string, flags: string): RegExp {
  let byAlias = regexCache.get(flags);
  if (!byAlias) regexCache.set(flags, (byAlias = new Map()));
  const hit = byAlias.get(a);
  if (hit) {
    hit.lastIndex = 0;
    return hit;
  }
  let re: RegExp;
  const abbr = /^\\b([a-z0-9-]{2,6})\\b(.*)$/.exec(a);
  if (abbr && !/[a-z]{7}/.test(abbr[1])) {
    const core = abbr[1];
    const tail = abbr[2];
    if (core.replace(/[^a-z]/g, "").length <= 2) re = new RegExp(`\\b${core.toUpperCase()}\\b${tail}`, flags);
    else {
      const ci = core
        .split("")
        .map((ch) => (/[a-z]/.test(ch) ? `[${ch}${ch.toUpperCase()}]` : ch))
        .join("");
      const title = core[0].toUpperCase() + core.slice(1);
      re = new RegExp(`\\b(?!${core}\\b)(?!${title}\\b)${ci}\\b${tail}`, flags);
    }
  } else {
    // whole words unless the alias is written as a stem ("migraines?" ends itself; "rheumatolog\\w*" continues)
    const tail = /\\w\*$|\*$/.test(a) ? "" : "(?![a-z])";
    re = new RegExp(`${a.startsWith("\\b") ? a : `\\b${a}`}${tail}`, "i" + flags.replace("i", ""));
  }
  byAlias.set(a, re);
  return re;
}

/** Every [start, end) span of `text` where one of `c`'s aliases matches (empty matches skipped). */
/**
 * The literal words every match of an alias starts with, lower case ("crohn" for "crohn'?s disease",
 * "migraine" for "migraines?"), or "" when the pattern does not start with three plain characters
 * (a group, an alternation at its top level). Every alias is matched from a word boundary, so a text
 * none of whose words starts with the lead's first three characters, or whose lower case lacks the
 * lead, cannot match: the pattern is not run on it.
 */
function aliasLead(a: string): string {
  let depth = 0;
  for (let i = 0; i < a.length; i++) {
    if (a[i] === "\\") i++;
    else if (a[i] === "(") depth++;
    else if (a[i] === ")") depth--;
    else if (a[i] === "|" && depth === 0) return "";
  }
  const body = a.replace(/^\\b/, "");
  let lead = "";
  for (let i = 0; i < body.length && /[a-z0-9 '-]/i.test(body[i]) && !/[?*+{]/.test(body[i + 1] ?? ""); i++) lead += body[i].toLowerCase();
  return lead.length < 3 ? "" : lead;
}

interface AliasLead {
  alias: string;
  lead: string;
  /** the lead's first three characters when they are word characters (a word of the text starts so), else "" */
  word3: string;
}
const LEADS = new WeakMap<ConditionTerm, AliasLead[]>();
function leadsOf(c: ConditionTerm): AliasLead[] {
  let out = LEADS.get(c);
  if (!out) {
    out = c.aliases.map((alias) => {
      const lead = aliasLead(alias);
      return { alias, lead, word3: /^[a-z0-9_]{3}/.test(lead) ? lead.slice(0, 3) : "" };
    });
    LEADS.set(c, out);
  }
  return out;
}

/** A text in lower case, and the first three characters of each of its words (\w runs, as \b sees them). */
interface TextKeys {
  lower: string;
  word3: Set<string>;
}
let lastKeys: { text: string; keys: TextKeys } | null = null;
function textKeys(text: string): TextKeys {
  if (lastKeys?.text === text) return lastKeys.keys;
  const lower = text.toLowerCase();
  const word3 = new Set<string>();
  for (const m of text.matchAll(/\w{3,}/g)) word3.add(m[0].slice(0, 3).toLowerCase());
  lastKeys = { text, keys: { lower, word3 } };
  return lastKeys.keys;
}

function aliasSpans(text: string, c: ConditionTerm, keys = textKeys(text)): [number, number][] {
  const spans: [number, number][] = [];
  for (const { alias: al, lead, word3 } of leadsOf(c)) {
    if (word3 && !keys.word3.has(word3)) continue;
    if (lead && !keys.lower.includes(lead)) continue;
    const re = sharedAliasRegex(al, "g");
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      if (!m[0].length) {
        re.lastIndex++;
        continue;
      }
      spans.push([m.index, m.index + m[0].length]);
    }
  }
  return spans;
}

/** Conditions whose aliases appear in `text`, most specific first (see `mostSpecificConditions`). */
export function conditionsNamedIn(text: string): ConditionTerm[] {
  return mostSpecificConditions(text);
}

/**
 * Conditions named in `text`, dropping any whose matching words lie inside a longer match of
 * another condition ("heterozygous familial hypercholesterolemia" is not also "hypercholesterolemia",
 * "psoriatic arthritis" is not also "plaque psoriasis"). Ordered by position.
 */
export function mostSpecificConditions(text: string): ConditionTerm[] {
  const hit = namedCache.get(text);
  if (hit) return [...hit];
  const found = scanConditions(text);
  // the engine asks about the same lines and sections many times per case: a bounded memo
  if (namedCache.size >= NAMED_CACHE_MAX) namedCache.clear();
  namedCache.set(text, found);
  return [...found];
}

/** Memo of `mostSpecificConditions` by text (the vocabulary is fixed at load time). */
const namedCache = new Map<string, ConditionTerm[]>();
const NAMED_CACHE_MAX = 5000;

function scanConditions(text: string): ConditionTerm[] {
  // every place each condition is named (all aliases, all occurrences)
  const named: { c: ConditionTerm; spans: [number, number][] }[] = [];
  const keys = textKeys(text);
  for (const c of CONDITIONS) {
    const spans = aliasSpans(text, c, keys);
    if (spans.length) named.push({ c, spans });
  }
  const inside = (s: [number, number], t: [number, number]) => t[0] <= s[0] && t[1] >= s[1] && t[1] - t[0] > s[1] - s[0];
  const overlaps = (s: [number, number], t: [number, number]) => t[0] <= s[1] && s[0] <= t[1];
  return (
    named
      // a condition every mention of which is part of a longer condition's name ("short stature" in "idiopathic short stature")
      .filter((x) => !x.spans.every((s) => named.some((y) => y !== x && y.spans.some((t) => inside(s, t)))))
      // a broader condition named by the same words as a narrower one ("diabetes mellitus" in "type 2 diabetes mellitus")
      .filter(
        (x) =>
          !x.spans.every((s) =>
            named.some((y) => y !== x && y.c.name !== x.c.name && conditionAncestors(y.c.name).includes(x.c.name) && y.spans.some((t) => overlaps(s, t))),
          ),
      )
      .sort((x, y) => Math.min(...x.spans.map((s) => s[0])) - Math.min(...y.spans.map((s) => s[0])))
      .map((x) => x.c)
  );
}

/** Every position where a condition is named in `text` (for evidence search). */
export function conditionMentions(text: string, condition: ConditionTerm): { index: number; length: number }[] {
  return aliasSpans(text, condition)
    .map(([start, end]) => ({ index: start, length: end - start }))
    .sort((a, b) => a.index - b.index);
}

export function conditionByName(name: string): ConditionTerm | null {
  return CONDITIONS.find((c) => c.name === name) ?? null;
}

/** The condition and its ancestors ("crohn's disease" → ["crohn's disease", "inflammatory bowel disease"]). */
export function conditionAncestors(name: string): string[] {
  const out: string[] = [];
  const visit = (n: string) => {
    if (out.includes(n)) return;
    out.push(n);
    for (const p of conditionByName(n)?.parents ?? []) visit(p);
  };
  visit(name);
  return out;
}

/** True when an ICD-10-CM code starts with one of the prefixes. */
export function icdMatches(code: string, prefixes: string[]): boolean {
  const c = code.replace(/\s/g, "").toUpperCase();
  return prefixes.some((p) => p && c.startsWith(p.toUpperCase()));
}

/** Conditions an ICD-10-CM code denotes (most specific prefix first). */
export function conditionsForCode(code: string): ConditionTerm[] {
  const c = code.replace(/\s/g, "").toUpperCase();
  const depth = (t: ConditionTerm) => Math.max(0, ...t.icd10.filter((p) => p.length > 1 && c.startsWith(p.toUpperCase())).map((p) => p.length));
  const all = CONDITIONS.filter((t) => depth(t) > 0).sort((a, b) => depth(b) - depth(a));
  if (!all.length) return all;
  // the code's own condition(s), and only the broader ones they belong to: M45.A8 is
  // non-radiographic axial spondyloarthritis (and axial spondyloarthritis), not ankylosing
  // spondylitis, whose M45 prefix it shares
  const top = all.filter((t) => depth(t) === depth(all[0]));
  return all.filter((t) => depth(t) === depth(all[0]) || top.some((x) => conditionAncestors(x.name).includes(t.name)));
}

export { esc as escapeRegex };
