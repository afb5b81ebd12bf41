/** Claims corpus set fixtures/corpus-claims/chattahoochee-sehbp end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("chattahoochee-sehbp");
