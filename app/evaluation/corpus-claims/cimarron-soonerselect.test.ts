/** Claims corpus set fixtures/corpus-claims/cimarron-soonerselect end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("cimarron-soonerselect");
