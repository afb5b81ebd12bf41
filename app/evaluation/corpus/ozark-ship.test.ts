/** Corpus set fixtures/corpus/ozark-ship end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("ozark-ship");
