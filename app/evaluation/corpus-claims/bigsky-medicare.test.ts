/** Claims corpus set fixtures/corpus-claims/bigsky-medicare end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("bigsky-medicare");
