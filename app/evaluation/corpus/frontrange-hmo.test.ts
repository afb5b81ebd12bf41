/** Corpus set fixtures/corpus/frontrange-hmo end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("frontrange-hmo");
