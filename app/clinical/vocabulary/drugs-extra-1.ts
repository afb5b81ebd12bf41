/**
 * Drug directory extension, part 1: the classes the extension adds, and cardiovascular, lipid and
 * diabetes drugs that the core directory (drugs.ts) does not list.
 *
 * Conventions (as drugs.ts): lower-case generic and brand names; aliases of four letters or fewer
 * are written in capitals (they count only when a fax writes them in capitals). A fixed-dose
 * combination of two drugs that are also prescribed separately is named with a hyphen
 * ("lisinopril-hydrochlorothiazide"), not a slash: a slash generic is also matched as "X and Y",
 * which in a step-therapy rule or a history usually names the two drugs, not the combination pill.
 *
 * New classes are added only where no core-directory drug belongs to them (a class whose core
 * members lack it would read "failed a thiazide" as excluding hydrochlorothiazide).
 *
 * Sources: FDA Orange Book / NDC Directory proprietary and established names; ACC/AHA 2017 blood
 * pressure guideline drug classes; ADA Standards of Care 2025 (glucose-lowering agents).
 */
import type { DrugClass, DrugEntry } from "./drugs";

const D = (generic: string, brands: string[], classes: string[], extra: Partial<DrugEntry> = {}): DrugEntry => ({ generic, brands, classes, ...extra });

/** Classes the extension adds (names not in the core DRUG_CLASSES). */
export const EXTRA_CLASSES: DrugClass[] = [
  { name: "meglitinide", aliases: ["meglitinides?\\b", "glinides?\\b"] },
  { name: "alpha-glucosidase inhibitor", aliases: ["alpha-?glucosidase inhibitors?", "α-glucosidase inhibitors?"] },
  { name: "bile acid sequestrant", aliases: ["bile acid sequestrants?", "bile acid[- ]binding resins?"] },
  // "concurrent nitrates" (PDE-5 inhibitor labels); silver nitrate is a cautery stick, not the class
  { name: "nitrate", aliases: ["(?<!silver )nitrates?\\b"] },
  { name: "mast cell stabilizer", aliases: ["mast[- ]cell stabili[sz]ers?"] },
  { name: "intranasal antihistamine", aliases: ["(?:intra)?nasal antihistamines?", "antihistamine nasal sprays?"], parents: ["H1 antihistamine"] },
  { name: "short-acting muscarinic antagonist", aliases: ["short-acting (?:muscarinic|anticholinergic)", "\\bsamas?\\b"] },
  { name: "methylxanthine", aliases: ["methylxanthines?"] },
  { name: "mucolytic", aliases: ["mucolytics?"] },
  { name: "antiemetic", aliases: ["anti-?emetics?"] },
  { name: "5-HT3 antagonist", aliases: ["5-?ht-?3(?: receptor)? (?:antagonists?|blockers?)", "setrons?\\b"], parents: ["antiemetic"] },
  {
    name: "NK1 receptor antagonist",
    aliases: ["nk-?1(?: receptor)? (?:antagonists?|blockers?)", "neurokinin[- ]1 (?:receptor )?antagonists?"],
    parents: ["antiemetic"],
  },
  { name: "COMT inhibitor", aliases: ["comt inhibitors?", "catechol-o-methyl ?transferase inhibitors?"] },
  { name: "ergot alkaloid", aliases: ["ergots?\\b", "ergot (?:alkaloid|derivative)s?"] },
  { name: "proteasome inhibitor", aliases: ["proteasome inhibitors?"], parents: ["anticancer therapy"] },
  { name: "anti-CD38 antibody", aliases: ["anti-?cd38", "cd38[- ](?:directed|targeted)"], parents: ["biologic", "anticancer therapy"] },
  {
    name: "coagulation factor",
    aliases: [
      "(?:clotting|coagulation) factor (?:concentrates?|replacement|products?|therapy)",
      "factor (?:viii|ix|8|9) (?:concentrates?|replacement(?: therapy)?|products?|prophylaxis)",
      "factor replacement",
    ],
  },
  {
    name: "immune globulin",
    // the hyperimmune globulins (hepatitis B, rabies, Rho(D), tetanus) are other products
    aliases: [
      "(?<!(?:hepatitis b|rabies|rho\\(d\\)|rho ?d|tetanus|varicella[- ]zoster|botulism|cytomegalovirus|cmv|anti-?thymocyte) )immune globulins?",
      "immunoglobulin (?:replacement|therapy|infusions?)",
      "\\bivig\\b",
      "\\bscig\\b",
    ],
  },
  { name: "prostaglandin analog", aliases: ["prostaglandin (?:f2α? )?(?:analogu?e?s?|agonists?)"] },
  { name: "carbonic anhydrase inhibitor", aliases: ["carbonic anhydrase inhibitors?"] },
  { name: "viscosupplement", aliases: ["viscosupplement(?:s|ation)?", "hyaluronic acid injections?", "intra-?articular hyaluron"] },
];

export const EXTRA_DRUGS_1: DrugEntry[] = [
  // ── ACE inhibitors, ARBs, renin inhibitor
  D("benazepril", ["lotensin"], ["ACE inhibitor"]),
  D("captopril", ["capoten"], ["ACE inhibitor"]),
  D("fosinopril", ["monopril"], ["ACE inhibitor"]),
  D("moexipril", ["univasc"], ["ACE inhibitor"]),
  D("perindopril", ["aceon"], ["ACE inhibitor"]),
  D("quinapril", ["accupril"], ["ACE inhibitor"]),
  D("trandolapril", ["mavik"], ["ACE inhibitor"]),
  D("azilsartan", ["edarbi"], ["angiotensin receptor blocker"]),
  D("aliskiren", ["tekturna"], []),
  // ── calcium channel blockers
  D("nifedipine", ["procardia", "procardia xl", "adalat cc", "afeditab cr"], ["calcium channel blocker"]),
  D("felodipine", ["plendil"], ["calcium channel blocker"]),
  D("isradipine", ["dynacirc"], ["calcium channel blocker"]),
  D("nicardipine", ["cardene"], ["calcium channel blocker"]),
  D("nisoldipine", ["sular"], ["calcium channel blocker"]),
  D("nimodipine", ["nimotop", "nymalize"], ["calcium channel blocker"]),
  D("levamlodipine", ["conjupri"], ["calcium channel blocker"]),
  // ── beta-blockers (systemic and ophthalmic)
  D("nebivolol", ["bystolic"], ["beta-blocker"]),
  D("labetalol", ["trandate", "normodyne"], ["beta-blocker"]),
  D("acebutolol", ["sectral"], ["beta-blocker"]),
  D("pindolol", ["visken"], ["beta-blocker"]),
  D("betaxolol", ["kerlone", "betoptic", "betoptic s"], ["beta-blocker"]),
  D("sotalol", ["betapace", "betapace af", "sorine", "sotylize"], ["beta-blocker"]),
  D("levobunolol", ["betagan"], ["beta-blocker"]),
  // ── other antihypertensives and vasodilators
  D("prazosin", ["minipress"], ["alpha-1 blocker"]),
  D("phenoxybenzamine", ["dibenzyline"], []),
  D("methyldopa", ["aldomet"], []),
  D("reserpine", [], []),
  D("hydralazine", ["apresoline"], []),
  D("isosorbide dinitrate/hydralazine", ["bidil"], ["nitrate"]),
  // ── diuretics
  D("torsemide", ["demadex", "soaanz"], ["diuretic"]),
  D("bumetanide", ["bumex"], ["diuretic"]),
  D("ethacrynic acid", ["edecrin"], ["diuretic"]),
  D("chlorthalidone", ["thalitone", "hygroton"], ["diuretic"]),
  D("chlorothiazide", ["diuril"], ["diuretic"]),
  D("indapamide", ["lozol"], ["diuretic"]),
  D("metolazone", ["zaroxolyn"], ["diuretic"]),
  D("triamterene", ["dyrenium"], ["diuretic"]),
  D("amiloride", ["midamor"], ["diuretic"]),
  D("acetazolamide", ["diamox", "diamox sequels"], ["carbonic anhydrase inhibitor", "diuretic"]),
  D("methazolamide", ["neptazane"], ["carbonic anhydrase inhibitor"]),
  // ── fixed-dose antihypertensive combinations (hyphenated: see the header)
  D("lisinopril-hydrochlorothiazide", ["zestoretic", "prinzide"], ["ACE inhibitor", "diuretic"], {
    aliases: ["lisinopril/hydrochlorothiazide", "lisinopril-hctz", "lisinopril/hctz"],
  }),
  D("losartan-hydrochlorothiazide", ["hyzaar"], ["angiotensin receptor blocker", "diuretic"], {
    aliases: ["losartan/hydrochlorothiazide", "losartan-hctz", "losartan/hctz"],
  }),
  D("valsartan-hydrochlorothiazide", ["diovan hct"], ["angiotensin receptor blocker", "diuretic"], {
    aliases: ["valsartan/hydrochlorothiazide", "valsartan-hctz", "valsartan/hctz"],
  }),
  D("irbesartan-hydrochlorothiazide", ["avalide"], ["angiotensin receptor blocker", "diuretic"], {
    aliases: ["irbesartan/hydrochlorothiazide", "irbesartan-hctz", "irbesartan/hctz"],
  }),
  D("olmesartan-hydrochlorothiazide", ["benicar hct"], ["angiotensin receptor blocker", "diuretic"], {
    aliases: ["olmesartan/hydrochlorothiazide", "olmesartan-hctz", "olmesartan/hctz"],
  }),
  D("amlodipine-benazepril", ["lotrel"], ["calcium channel blocker", "ACE inhibitor"], { aliases: ["amlodipine/benazepril"] }),
  D("amlodipine-valsartan", ["exforge"], ["calcium channel blocker", "angiotensin receptor blocker"], { aliases: ["amlodipine/valsartan"] }),
  D("amlodipine-olmesartan", [], ["calcium channel blocker", "angiotensin receptor blocker"], {
    aliases: ["AZOR", "amlodipine/olmesartan", "olmesartan/amlodipine"],
  }),
  D("atenolol-chlorthalidone", ["tenoretic"], ["beta-blocker", "diuretic"], { aliases: ["atenolol/chlorthalidone"] }),
  D("bisoprolol-hydrochlorothiazide", ["ziac"], ["beta-blocker", "diuretic"], {
    aliases: ["bisoprolol/hydrochlorothiazide", "bisoprolol/hctz", "bisoprolol-hctz"],
  }),
  D("spironolactone-hydrochlorothiazide", ["aldactazide"], ["mineralocorticoid receptor antagonist", "diuretic"], {
    aliases: ["spironolactone/hydrochlorothiazide", "spironolactone/hctz"],
  }),
  D("triamterene-hydrochlorothiazide", ["dyazide", "maxzide"], ["diuretic"], {
    aliases: ["triamterene/hydrochlorothiazide", "triamterene/hctz", "triamterene-hctz"],
  }),
  // ── antiarrhythmics, digoxin, heart failure, angina
  D("flecainide", ["tambocor"], []),
  D("propafenone", ["rythmol", "rythmol sr"], []),
  D("dronedarone", ["multaq"], []),
  D("dofetilide", ["tikosyn"], []),
  D("disopyramide", ["norpace", "norpace cr"], []),
  D("mexiletine", [], []),
  D("digoxin", ["lanoxin", "digitek", "digox"], []),
  D("vericiguat", ["verquvo"], []),
  D("sotagliflozin", ["inpefa"], ["SGLT2 inhibitor"]),
  D("acoramidis", ["attruby"], []),
  D("ranolazine", ["ranexa", "aspruzyo sprinkle"], []),
  D("isosorbide mononitrate", ["imdur", "monoket", "ismo"], ["nitrate"], { aliases: ["ISMN"] }),
  D("isosorbide dinitrate", ["isordil", "dilatrate-sr"], ["nitrate"], { aliases: ["ISDN"] }),
  D("nitroglycerin", ["nitrostat", "nitrolingual", "nitromist", "nitro-dur", "minitran", "nitro-bid", "rectiv", "gonitro"], ["nitrate"], {
    aliases: ["NTG", "glyceryl trinitrate"],
  }),
  // ── orthostatic hypotension, pressors
  D("midodrine", ["proamatine", "orvaten"], []),
  D("droxidopa", ["northera"], []),
  D("fludrocortisone", ["florinef"], []),
  D("phenylephrine", ["neo-synephrine", "sudafed pe", "biorphen", "vazculep"], []),
  // ── anticoagulants, antiplatelets, thrombolytics, reversal agents ("heparin" alone is left out: it is also
  // "low-molecular-weight heparin", "heparin-induced thrombocytopenia", "post-heparin lipase")
  D("dalteparin", ["fragmin"], ["anticoagulant"]),
  D("fondaparinux", ["arixtra"], ["anticoagulant"]),
  D("prasugrel", ["effient"], ["antiplatelet"]),
  D("cilostazol", ["pletal"], ["antiplatelet"]),
  D("dipyridamole", ["persantine"], ["antiplatelet"]),
  D("aspirin-dipyridamole", ["aggrenox"], ["antiplatelet"], { aliases: ["aspirin/dipyridamole", "aspirin/extended-release dipyridamole"] }),
  D("vorapaxar", ["zontivity"], ["antiplatelet"]),
  D("anagrelide", ["agrylin"], []),
  D("pentoxifylline", ["trental", "pentoxil"], []),
  D("phytonadione", ["mephyton", "aquamephyton"], []),
  // ── lipids
  D("colesevelam", ["welchol"], ["bile acid sequestrant", "antidiabetic"]),
  D("colestipol", ["colestid"], ["bile acid sequestrant"]),
  D("cholestyramine", ["questran", "questran light", "prevalite"], ["bile acid sequestrant"]),
  D("niacin", ["niaspan", "niacor"], [], { aliases: ["nicotinic acid"] }),
  D("omega-3-acid ethyl esters", ["lovaza"], ["omega-3 fatty acid"]),
  D("fenofibric acid", ["fibricor"], ["fibrate"]),
  D("rosuvastatin-ezetimibe", ["roszet"], ["statin", "cholesterol absorption inhibitor"], { aliases: ["rosuvastatin/ezetimibe", "ezetimibe/rosuvastatin"] }),
  D("amlodipine-atorvastatin", ["caduet"], ["calcium channel blocker", "statin"], { aliases: ["amlodipine/atorvastatin"] }),
  D("olezarsen", ["tryngolza"], []),
  // ── diabetes: sulfonylureas, meglitinides, alpha-glucosidase inhibitors, TZD, others
  D("chlorpropamide", ["diabinese"], ["sulfonylurea", "antidiabetic"]),
  D("tolbutamide", ["orinase"], ["sulfonylurea", "antidiabetic"]),
  D("tolazamide", ["tolinase"], ["sulfonylurea", "antidiabetic"]),
  D("repaglinide", ["prandin"], ["meglitinide", "antidiabetic"]),
  D("nateglinide", ["starlix"], ["meglitinide", "antidiabetic"]),
  D("acarbose", ["precose"], ["alpha-glucosidase inhibitor", "antidiabetic"]),
  D("miglitol", ["glyset"], ["alpha-glucosidase inhibitor", "antidiabetic"]),
  D("rosiglitazone", ["avandia"], ["thiazolidinedione", "antidiabetic"]),
  D("pramlintide", ["symlin", "symlinpen"], ["antidiabetic"]),
  D("bromocriptine", ["parlodel", "cycloset"], ["dopamine agonist"]),
  D("teplizumab", ["tzield"], ["biologic"], { aliases: ["teplizumab-mzwv"] }),
  D("dasiglucagon", ["zegalogue"], []),
  // "glucagon" alone is left out: "glucagon-like peptide-1" in every GLP-1 policy would read as the drug
  D("glucagon rescue product", ["gvoke", "gvoke hypopen", "baqsimi", "glucagen", "glucagen hypokit"], [], {
    aliases: ["nasal glucagon", "glucagon emergency kit"],
  }),
  D("diazoxide", ["proglycem"], []),
  D("diazoxide choline", ["vykat xr"], []),
  // ── diabetes: fixed-dose oral combinations
  D("glipizide-metformin", ["metaglip"], ["sulfonylurea", "biguanide", "antidiabetic"], { aliases: ["glipizide/metformin"] }),
  D("glyburide-metformin", ["glucovance"], ["sulfonylurea", "biguanide", "antidiabetic"], { aliases: ["glyburide/metformin"] }),
  D("pioglitazone-metformin", ["actoplus met"], ["thiazolidinedione", "biguanide", "antidiabetic"], { aliases: ["pioglitazone/metformin"] }),
  D("pioglitazone-glimepiride", ["duetact"], ["thiazolidinedione", "sulfonylurea", "antidiabetic"], { aliases: ["pioglitazone/glimepiride"] }),
  D("alogliptin-metformin", ["kazano"], ["DPP-4 inhibitor", "biguanide", "antidiabetic"], { aliases: ["alogliptin/metformin"] }),
  D("alogliptin-pioglitazone", ["oseni"], ["DPP-4 inhibitor", "thiazolidinedione", "antidiabetic"], { aliases: ["alogliptin/pioglitazone"] }),
  D("linagliptin-metformin", ["jentadueto", "jentadueto xr"], ["DPP-4 inhibitor", "biguanide", "antidiabetic"], { aliases: ["linagliptin/metformin"] }),
  D("saxagliptin-metformin", ["kombiglyze xr", "kombiglyze"], ["DPP-4 inhibitor", "biguanide", "antidiabetic"], { aliases: ["saxagliptin/metformin"] }),
  D("empagliflozin-metformin", ["synjardy", "synjardy xr"], ["SGLT2 inhibitor", "biguanide", "antidiabetic"], { aliases: ["empagliflozin/metformin"] }),
  D("empagliflozin-linagliptin", ["glyxambi"], ["SGLT2 inhibitor", "DPP-4 inhibitor", "antidiabetic"], { aliases: ["empagliflozin/linagliptin"] }),
  D("empagliflozin-linagliptin-metformin", ["trijardy xr", "trijardy"], ["SGLT2 inhibitor", "DPP-4 inhibitor", "biguanide", "antidiabetic"], {
    aliases: ["empagliflozin/linagliptin/metformin"],
  }),
  D("dapagliflozin-metformin", ["xigduo xr", "xigduo"], ["SGLT2 inhibitor", "biguanide", "antidiabetic"], { aliases: ["dapagliflozin/metformin"] }),
  D("dapagliflozin-saxagliptin", ["qtern"], ["SGLT2 inhibitor", "DPP-4 inhibitor", "antidiabetic"], { aliases: ["dapagliflozin/saxagliptin"] }),
  D("canagliflozin-metformin", ["invokamet", "invokamet xr"], ["SGLT2 inhibitor", "biguanide", "antidiabetic"], { aliases: ["canagliflozin/metformin"] }),
  D("ertugliflozin-metformin", ["segluromet"], ["SGLT2 inhibitor", "biguanide", "antidiabetic"], { aliases: ["ertugliflozin/metformin"] }),
  D("ertugliflozin-sitagliptin", ["steglujan"], ["SGLT2 inhibitor", "DPP-4 inhibitor", "antidiabetic"], { aliases: ["ertugliflozin/sitagliptin"] }),
  // ── insulins by name ("NPH" alone is also normal-pressure hydrocephalus: not an alias)
  D("insulin isophane", ["humulin n", "novolin n", "humulin n kwikpen"], ["insulin", "antidiabetic"], {
    aliases: ["nph insulin", "insulin nph", "isophane insulin"],
  }),
  D("insulin regular human", ["humulin r", "novolin r", "humulin r u-500", "myxredlin"], ["insulin", "antidiabetic"], {
    aliases: ["regular insulin", "insulin regular", "u-500 insulin"],
  }),
  D("insulin isophane/regular", ["humulin 70/30", "novolin 70/30"], ["insulin", "antidiabetic"], { aliases: ["nph/regular insulin", "insulin 70/30"] }),
  D("insulin lispro protamine/lispro", ["humalog mix 75/25", "humalog mix 50/50", "humalog mix"], ["insulin", "antidiabetic"], {
    aliases: ["insulin lispro protamine"],
  }),
  D("insulin aspart protamine/aspart", ["novolog mix 70/30", "novolog mix"], ["insulin", "antidiabetic"], { aliases: ["insulin aspart protamine"] }),
  D("insulin degludec/aspart", ["ryzodeg", "ryzodeg 70/30"], ["insulin", "antidiabetic"]),
  D("insulin glulisine", ["apidra", "apidra solostar"], ["insulin", "antidiabetic"]),
  D("insulin human inhaled", ["afrezza"], ["insulin", "antidiabetic"], { aliases: ["inhaled insulin"] }),
  D("insulin glargine/lixisenatide", ["soliqua", "soliqua 100/33"], ["insulin", "GLP-1 receptor agonist", "antidiabetic"]),
  D("insulin degludec-liraglutide", ["xultophy", "xultophy 100/3.6"], ["insulin", "GLP-1 receptor agonist", "antidiabetic"], {
    aliases: ["insulin degludec/liraglutide"],
  }),
];
