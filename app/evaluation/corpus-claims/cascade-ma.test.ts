/** Claims corpus set fixtures/corpus-claims/cascade-ma end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("cascade-ma");
