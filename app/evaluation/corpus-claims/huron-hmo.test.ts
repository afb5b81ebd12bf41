/** Claims corpus set fixtures/corpus-claims/huron-hmo end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("huron-hmo");
