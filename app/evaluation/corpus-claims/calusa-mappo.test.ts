/** Claims corpus set fixtures/corpus-claims/calusa-mappo end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("calusa-mappo");
