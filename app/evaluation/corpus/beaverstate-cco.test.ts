/** Corpus set fixtures/corpus/beaverstate-cco end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("beaverstate-cco");
