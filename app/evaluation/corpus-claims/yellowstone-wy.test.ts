/** Claims corpus set fixtures/corpus-claims/yellowstone-wy end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("yellowstone-wy");
