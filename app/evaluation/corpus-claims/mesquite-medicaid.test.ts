/** Claims corpus set fixtures/corpus-claims/mesquite-medicaid end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("mesquite-medicaid");
