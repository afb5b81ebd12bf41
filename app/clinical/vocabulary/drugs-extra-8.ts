/**
 * Drug directory extension, part 8: ophthalmology (glaucoma, retina, dry eye, ocular
 * corticosteroids, other ocular drugs), obesity, vitamins and supplements medication histories
 * list, and rare-disease specialty drugs (enzyme replacement, metabolic, lysosomal, genetic and
 * other orphan drugs) that the core directory (drugs.ts) does not list. Conventions: see
 * drugs-extra-1.ts.
 *
 * "Vitamin B1" is not an alias of thiamine: it would match the lab test "vitamin B12".
 *
 * Ocular corticosteroids are left classless: "topical corticosteroid" in the directory is the
 * dermatology class (potency I–VII), and an eye drop is no trial of it.
 *
 * Sources: FDA Orange Book / NDC Directory and Purple Book; AAO Preferred Practice Patterns
 * (primary open-angle glaucoma 2020, dry eye 2023); FDA orphan drug approvals.
 */
import type { DrugEntry } from "./drugs";

const D = (generic: string, brands: string[], classes: string[], extra: Partial<DrugEntry> = {}): DrugEntry => ({ generic, brands, classes, ...extra });

const PGA = ["prostaglandin analog"];

export const EXTRA_DRUGS_8: DrugEntry[] = [
  // ── glaucoma and ocular hypertension
  D("latanoprost", ["xalatan", "xelpros", "iyuzeh"], PGA),
  D("bimatoprost", ["lumigan", "latisse", "durysta"], PGA),
  D("travoprost", ["travatan", "travatan z", "izba", "idose tr"], PGA),
  D("tafluprost", ["zioptan"], PGA),
  D("latanoprostene bunod", ["vyzulta"], PGA),
  D("netarsudil/latanoprost", ["rocklatan"], PGA),
  D("netarsudil", ["rhopressa"], []),
  D("omidenepag isopropyl", ["omlonti"], [], { aliases: ["omidenepag"] }),
  D("dorzolamide", ["trusopt"], ["carbonic anhydrase inhibitor"]),
  D("brinzolamide", ["azopt"], ["carbonic anhydrase inhibitor"]),
  D("dorzolamide/timolol", ["cosopt", "cosopt pf"], ["carbonic anhydrase inhibitor", "beta-blocker"]),
  D("brimonidine/timolol", ["combigan"], ["beta-blocker"]),
  D("brinzolamide/brimonidine", ["simbrinza"], ["carbonic anhydrase inhibitor"]),
  // ── retina
  D("brolucizumab", ["beovu"], ["biologic"], { aliases: ["brolucizumab-dbll"] }),
  D("avacincaptad pegol", ["izervay"], []),
  D("verteporfin", ["visudyne"], []),
  D("voretigene neparvovec", ["luxturna"], [], { aliases: ["voretigene neparvovec-rzyl"] }),
  // ── dry eye, ocular surface, ocular corticosteroids and other ophthalmics
  D("perfluorohexyloctane", ["miebo"], []),
  D("cenegermin", ["oxervate"], [], { aliases: ["cenegermin-bkbj"] }),
  D("loteprednol etabonate", ["lotemax", "lotemax sm", "alrex", "eysuvis", "inveltys"], [], { aliases: ["loteprednol"] }),
  D("difluprednate", ["durezol"], []),
  D("fluorometholone", ["flarex", "fml forte", "fml liquifilm"], []),
  D("atropine", ["isopto atropine"], []),
  // ── obesity (older sympathomimetics)
  D("diethylpropion", ["tenuate"], ["anti-obesity medication"]),
  D("phendimetrazine", ["bontril", "bontril pdx"], ["anti-obesity medication"]),
  D("benzphetamine", ["didrex", "regimex"], ["anti-obesity medication"]),
  // ── vitamins, minerals and supplements
  D("thiamine", [], []),
  D("pyridoxine", [], [], { aliases: ["vitamin b6"] }),
  D("ascorbic acid", [], []),
  D("levocarnitine", ["carnitor"], []),
  D("prenatal multivitamin", ["prenate", "vitafol"], [], { aliases: ["prenatal vitamins", "prenatal vitamin"] }),
  // ── lysosomal storage diseases: enzyme replacement and substrate reduction
  D("alglucosidase alfa", ["lumizyme"], []),
  D("avalglucosidase alfa", ["nexviazyme"], [], { aliases: ["avalglucosidase alfa-ngpt"] }),
  D("cipaglucosidase alfa", ["pombiliti"], [], { aliases: ["cipaglucosidase alfa-atga"] }),
  D("miglustat", ["zavesca", "opfolda"], []),
  D("velaglucerase alfa", ["vpriv"], []),
  D("taliglucerase alfa", ["elelyso"], []),
  D("eliglustat", ["cerdelga"], []),
  D("pegunigalsidase alfa", ["elfabrio"], [], { aliases: ["pegunigalsidase alfa-iwxj"] }),
  D("migalastat", ["galafold"], []),
  D("laronidase", ["aldurazyme"], []),
  D("idursulfase", ["elaprase"], []),
  D("elosulfase alfa", ["vimizim"], []),
  D("galsulfase", ["naglazyme"], []),
  D("vestronidase alfa", ["mepsevii"], [], { aliases: ["vestronidase alfa-vjbk"] }),
  D("cerliponase alfa", ["brineura"], []),
  D("olipudase alfa", ["xenpozyme"], [], { aliases: ["olipudase alfa-rpcp"] }),
  D("sebelipase alfa", ["kanuma"], []),
  D("velmanase alfa", ["lamzede"], [], { aliases: ["velmanase alfa-tycv"] }),
  // ── inborn errors of metabolism
  D("sapropterin", ["kuvan", "javygtor"], []),
  D("sepiapterin", ["sephience"], []),
  D("pegvaliase", ["palynziq"], [], { aliases: ["pegvaliase-pqpz"] }),
  D("nitisinone", ["orfadin", "nityr"], []),
  D("carglumic acid", ["carbaglu"], []),
  D("sodium phenylbutyrate", ["buphenyl", "pheburane", "olpruva"], []),
  D("glycerol phenylbutyrate", ["ravicti"], []),
  D("sodium benzoate/sodium phenylacetate", ["ammonul"], []),
  D("betaine anhydrous", ["cystadane"], [], { aliases: ["betaine"] }),
  D("elapegademase", ["revcovi"], [], { aliases: ["elapegademase-lvlr"] }),
  D("triheptanoin", ["dojolvi"], []),
  D("fosdenopterin", ["nulibry"], []),
  // ── other rare-disease specialty drugs
  D("lonafarnib", ["zokinvy"], []),
  D("teprotumumab", ["tepezza"], ["biologic"], { aliases: ["teprotumumab-trbw"] }),
  D("mavorixafor", ["xolremdi"], []),
  D("leniolisib", ["joenja"], []),
  D("eladocagene exuparvovec", ["kebilidi"], []),
  D("atidarsagene autotemcel", ["lenmeldy"], []),
  D("elivaldogene autotemcel", ["skysona"], []),
  D("sodium thiosulfate", ["pedmark"], []),
];
