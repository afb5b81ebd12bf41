/** Claims corpus set fixtures/corpus-claims/piedmont-nc end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("piedmont-nc");
