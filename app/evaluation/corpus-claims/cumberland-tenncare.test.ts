/** Claims corpus set fixtures/corpus-claims/cumberland-tenncare end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("cumberland-tenncare");
