/** Claims corpus set fixtures/corpus-claims/narragansett-ri end to end (see app/evaluation/corpus-claims-set.ts). */
import { claimsCorpusSetTest } from "../corpus-claims-set";

claimsCorpusSetTest("narragansett-ri");
