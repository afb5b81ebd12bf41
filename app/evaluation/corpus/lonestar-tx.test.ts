/** Corpus set fixtures/corpus/lonestar-tx end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("lonestar-tx");
