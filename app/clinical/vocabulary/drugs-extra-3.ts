/**
 * Drug directory extension, part 3: neurology (antiseizure drugs, Parkinson's disease, multiple
 * sclerosis and neuroimmunology, migraine, ALS, myasthenia, spasticity, dementia, neuromuscular
 * disease) and psychiatry (antidepressants, antipsychotics, ADHD, hypnotics, anxiolytics,
 * addiction treatment) drugs that the core directory (drugs.ts) does not list. Conventions: see
 * drugs-extra-1.ts.
 *
 * Sources: FDA Orange Book / NDC Directory; AAN / AHS migraine prevention guideline drug lists;
 * APA practice guidelines (MDD, schizophrenia); ASAM national practice guideline (OUD, AUD).
 */
import type { DrugEntry } from "./drugs";

const D = (generic: string, brands: string[], classes: string[], extra: Partial<DrugEntry> = {}): DrugEntry => ({ generic, brands, classes, ...extra });

export const EXTRA_DRUGS_3: DrugEntry[] = [
  // ── antiseizure drugs
  D("phenytoin", ["dilantin", "phenytek"], ["anticonvulsant"]),
  D("phenobarbital", ["sezaby"], ["anticonvulsant"]),
  D("primidone", ["mysoline"], ["anticonvulsant"]),
  D("ethosuximide", ["zarontin"], ["anticonvulsant"]),
  D("tiagabine", ["gabitril"], ["anticonvulsant"]),
  D("eslicarbazepine", ["aptiom"], ["anticonvulsant"]),
  D("brivaracetam", ["briviact"], ["anticonvulsant"]),
  D("stiripentol", ["diacomit"], ["anticonvulsant"]),
  D("ganaxolone", ["ztalmy"], ["anticonvulsant"]),
  D("gabapentin enacarbil", ["horizant"], []),
  D("clonazepam", ["klonopin"], ["benzodiazepine", "anticonvulsant"]),
  D("diazepam", ["valium", "diastat", "diastat acudial", "valtoco", "libervant"], ["benzodiazepine", "anticonvulsant"]),
  D("midazolam", ["nayzilam", "seizalam"], ["benzodiazepine", "anticonvulsant"]),
  D("lorazepam", ["ativan", "loreev xr"], ["benzodiazepine"]),
  D("clorazepate", ["tranxene", "tranxene t-tab"], ["benzodiazepine"]),
  D("everolimus", ["afinitor", "afinitor disperz", "zortress"], ["kinase inhibitor", "immunomodulator"]),
  // ── Parkinson's disease
  D("carbidopa", ["lodosyn"], []),
  D("carbidopa/levodopa/entacapone", ["stalevo"], ["COMT inhibitor"]),
  D("foscarbidopa/foslevodopa", ["vyalev"], []),
  D("entacapone", ["comtan"], ["COMT inhibitor"]),
  D("tolcapone", ["tasmar"], ["COMT inhibitor"]),
  D("opicapone", ["ongentys"], ["COMT inhibitor"]),
  D("amantadine", ["symmetrel", "gocovri", "osmolex er"], []),
  D("rotigotine", ["neupro"], ["dopamine agonist"]),
  D("apomorphine", ["apokyn", "kynmobi", "onapgo"], ["dopamine agonist"]),
  D("istradefylline", ["nourianz"], []),
  D("trihexyphenidyl", ["artane"], []),
  D("benztropine", ["cogentin"], []),
  D("pimavanserin", ["nuplazid"], ["atypical antipsychotic"]),
  // ── multiple sclerosis, NMOSD and neuroimmunology
  D("monomethyl fumarate", ["bafiertam"], ["MS disease-modifying therapy"]),
  D("mitoxantrone", ["novantrone"], ["MS disease-modifying therapy", "chemotherapy"]),
  D("inebilizumab", ["uplizna"], ["biologic"], { aliases: ["inebilizumab-cdon"] }),
  D("satralizumab", ["enspryng"], ["IL-6 inhibitor", "biologic"], { aliases: ["satralizumab-mwge"] }),
  // ── migraine and cluster headache: acute
  D("dihydroergotamine", ["d.h.e. 45", "migranal", "trudhesa", "brekiya"], ["ergot alkaloid"], { aliases: ["DHE", "DHE-45"] }),
  D("ergotamine/caffeine", ["cafergot", "migergot"], ["ergot alkaloid"], { aliases: ["ergotamine tartrate/caffeine", "ergotamine"] }),
  D("sumatriptan/naproxen", ["treximet"], ["triptan", "NSAID"]),
  D("meloxicam/rizatriptan", ["symbravo"], ["triptan", "NSAID"]),
  D("butalbital/acetaminophen/caffeine", ["fioricet", "esgic"], [], { aliases: ["butalbital/apap/caffeine", "butalbital-acetaminophen-caffeine"] }),
  D("butalbital/aspirin/caffeine", ["fiorinal"], [], { aliases: ["butalbital-aspirin-caffeine"] }),
  // ── supplements used for migraine prevention ("riboflavin" is left out: "magnesium, alone or with
  // riboflavin, for seven days, with:" read as a trial of riboflavin made the optional supplement a
  // requirement and swallowed the list under it)
  D("magnesium oxide", ["mag-ox", "mag-ox 400", "uro-mag"], []),
  D("melatonin", [], []),
  // ── botulinum toxins (onabotulinumtoxinA: core directory)
  D("abobotulinumtoxinA", ["dysport"], [], { aliases: ["abobotulinumtoxin a"] }),
  D("incobotulinumtoxinA", ["xeomin"], [], { aliases: ["incobotulinumtoxin a"] }),
  D("rimabotulinumtoxinB", ["myobloc"], [], { aliases: ["rimabotulinumtoxin b"] }),
  D("prabotulinumtoxinA", ["jeuveau"], [], { aliases: ["prabotulinumtoxin a"] }),
  D("daxibotulinumtoxinA", ["daxxify"], [], { aliases: ["daxibotulinumtoxin a"] }),
  D("letibotulinumtoxinA", ["letybo"], [], { aliases: ["letibotulinumtoxin a"] }),
  // ── ALS, myasthenia gravis, LEMS, neuromuscular
  D("edaravone", ["radicava", "radicava ors"], []),
  D("tofersen", ["qalsody"], []),
  D("sodium phenylbutyrate/taurursodiol", ["relyvrio"], [], { aliases: ["AMX0035"] }),
  D("pyridostigmine", ["mestinon", "mestinon timespan", "regonol"], []),
  D("amifampridine", ["firdapse", "ruzurgi"], []),
  D("rozanolixizumab", ["rystiggo"], ["biologic"], { aliases: ["rozanolixizumab-noli"] }),
  D("nipocalimab", ["imaavy"], ["biologic"], { aliases: ["nipocalimab-aahu"] }),
  D("zilucoplan", ["zilbrysq"], []),
  D("onasemnogene abeparvovec", ["zolgensma"], [], { aliases: ["onasemnogene abeparvovec-xioi"] }),
  D("eteplirsen", ["exondys 51"], []),
  D("golodirsen", ["vyondys 53"], []),
  D("viltolarsen", ["viltepso"], []),
  D("casimersen", ["amondys 45"], []),
  D("delandistrogene moxeparvovec", ["elevidys"], [], { aliases: ["delandistrogene moxeparvovec-rokl"] }),
  D("givinostat", ["duvyzat"], []),
  D("omaveloxolone", ["skyclarys"], []),
  D("trofinetide", ["daybue"], []),
  D("eplontersen", ["wainua"], []),
  D("inotersen", ["tegsedi"], []),
  // ── spasticity, muscle relaxants
  D("dantrolene", ["dantrium", "ryanodex", "revonto"], ["muscle relaxant"]),
  D("methocarbamol", ["robaxin"], ["muscle relaxant"]),
  // "Soma" (carisoprodol) is also the nerve-cell body: the generic only
  D("carisoprodol", [], ["muscle relaxant"]),
  D("metaxalone", ["skelaxin", "metaxall"], ["muscle relaxant"]),
  D("chlorzoxazone", ["parafon forte", "lorzone"], ["muscle relaxant"]),
  D("orphenadrine", ["norflex"], ["muscle relaxant"]),
  // ── dementia
  D("rivastigmine", ["exelon", "exelon patch"], ["cholinesterase inhibitor"]),
  D("galantamine", ["razadyne", "razadyne er"], ["cholinesterase inhibitor"]),
  D("memantine/donepezil", ["namzaric"], ["cholinesterase inhibitor"]),
  D("aducanumab", ["aduhelm"], ["biologic"], { aliases: ["aducanumab-avwa"] }),
  D("donanemab", ["kisunla"], ["biologic"], { aliases: ["donanemab-azbt"] }),
  // ── neuropathic pain, pseudobulbar affect, other neurology
  D("capsaicin", ["qutenza", "zostrix"], []),
  D("dextromethorphan/quinidine", ["nuedexta"], []),
  D("arimoclomol", ["miplyffa"], []),
  D("levacetylleucine", ["aqneursa"], []),
  // ── antidepressants
  D("imipramine", ["tofranil", "tofranil-pm"], ["tricyclic antidepressant", "antidepressant"]),
  D("desipramine", ["norpramin"], ["tricyclic antidepressant", "antidepressant"]),
  D("clomipramine", ["anafranil"], ["tricyclic antidepressant", "antidepressant"]),
  D("doxepin", ["sinequan", "silenor", "prudoxin", "zonalon"], ["tricyclic antidepressant", "antidepressant"]),
  D("protriptyline", ["vivactil"], ["tricyclic antidepressant", "antidepressant"]),
  D("nefazodone", [], ["antidepressant"]),
  D("vilazodone", ["viibryd"], ["antidepressant"]),
  D("levomilnacipran", ["fetzima"], ["SNRI", "antidepressant"]),
  D("milnacipran", ["savella"], ["SNRI"]),
  D("dextromethorphan/bupropion", ["auvelity"], ["antidepressant"]),
  D("zuranolone", ["zurzuvae"], ["antidepressant"]),
  D("brexanolone", ["zulresso"], ["antidepressant"]),
  D("gepirone", ["exxua"], ["antidepressant"]),
  D("olanzapine/fluoxetine", ["symbyax"], ["atypical antipsychotic", "SSRI", "antidepressant"]),
  // ── antipsychotics
  D("asenapine", ["saphris", "secuado"], ["atypical antipsychotic"]),
  D("iloperidone", ["fanapt"], ["atypical antipsychotic"]),
  D("olanzapine/samidorphan", ["lybalvi"], ["atypical antipsychotic"]),
  D("xanomeline/trospium", ["cobenfy"], ["antipsychotic"]),
  D("chlorpromazine", ["thorazine"], ["antipsychotic"]),
  D("fluphenazine", ["prolixin"], ["antipsychotic"], { aliases: ["fluphenazine decanoate"] }),
  D("perphenazine", ["trilafon"], ["antipsychotic"]),
  D("trifluoperazine", ["stelazine"], ["antipsychotic"]),
  D("loxapine", ["loxitane", "adasuve"], ["antipsychotic"]),
  D("pimozide", ["orap"], ["antipsychotic"]),
  // ── ADHD and narcolepsy stimulants ("amphetamine" alone is the class word: the sulfate salt only)
  D("amphetamine sulfate", ["evekeo", "evekeo odt", "adzenys xr-odt", "adzenys er", "dyanavel xr"], ["CNS stimulant"]),
  D("methamphetamine", ["desoxyn"], ["CNS stimulant"]),
  D("serdexmethylphenidate/dexmethylphenidate", ["azstarys"], ["CNS stimulant"]),
  // ── hypnotics and anxiolytics ("Sonata" and "Doral" are also a word and a city: generics only)
  D("zaleplon", [], ["sedative-hypnotic"]),
  D("ramelteon", ["rozerem"], ["sedative-hypnotic"]),
  D("tasimelteon", ["hetlioz", "hetlioz lq"], []),
  D("temazepam", ["restoril"], ["benzodiazepine", "sedative-hypnotic"]),
  D("triazolam", ["halcion"], ["benzodiazepine", "sedative-hypnotic"]),
  D("alprazolam", ["xanax", "xanax xr"], ["benzodiazepine"]),
  D("chlordiazepoxide", ["librium"], ["benzodiazepine"]),
  D("oxazepam", [], ["benzodiazepine"]),
  D("buspirone", ["buspar"], []),
  D("dexmedetomidine", ["igalmi", "precedex"], []),
  // ── alcohol, opioid and tobacco use disorders, overdose reversal
  D("disulfiram", ["antabuse"], []),
  D("acamprosate", ["campral"], []),
  D("lofexidine", ["lucemyra"], []),
  D("naloxone", ["narcan", "kloxxado", "zimhi", "rextovy"], []),
  D("nalmefene", ["opvee", "zurnai"], []),
];
