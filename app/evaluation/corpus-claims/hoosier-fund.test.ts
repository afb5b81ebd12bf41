/** Claims corpus set fixtures/corpus-claims/hoosier-fund end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("hoosier-fund");
