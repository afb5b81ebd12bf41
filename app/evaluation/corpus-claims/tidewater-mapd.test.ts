/** Claims corpus set fixtures/corpus-claims/tidewater-mapd end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("tidewater-mapd");
