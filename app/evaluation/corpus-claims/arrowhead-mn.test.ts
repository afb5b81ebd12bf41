/** Claims corpus set fixtures/corpus-claims/arrowhead-mn end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("arrowhead-mn");
