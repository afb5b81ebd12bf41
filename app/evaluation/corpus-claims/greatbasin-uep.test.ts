/** Claims corpus set fixtures/corpus-claims/greatbasin-uep end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("greatbasin-uep");
