/** Claims corpus set fixtures/corpus-claims/prairie-ks end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("prairie-ks");
