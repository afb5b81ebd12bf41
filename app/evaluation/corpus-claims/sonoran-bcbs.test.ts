/** Claims corpus set fixtures/corpus-claims/sonoran-bcbs end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("sonoran-bcbs");
