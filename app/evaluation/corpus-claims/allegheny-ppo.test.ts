/** Claims corpus set fixtures/corpus-claims/allegheny-ppo end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("allegheny-ppo");
