/** Claims corpus set fixtures/corpus-claims/housatonic-pos end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("housatonic-pos");
