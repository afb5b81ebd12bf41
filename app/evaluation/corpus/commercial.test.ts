/** Corpus set fixtures/corpus/commercial end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("commercial");
