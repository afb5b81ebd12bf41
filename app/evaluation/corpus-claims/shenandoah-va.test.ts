/** Claims corpus set fixtures/corpus-claims/shenandoah-va end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("shenandoah-va");
