/** Claims corpus set fixtures/corpus-claims/willamette-cco end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("willamette-cco");
