/** Corpus set fixtures/corpus/bluestem-mn end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("bluestem-mn");
