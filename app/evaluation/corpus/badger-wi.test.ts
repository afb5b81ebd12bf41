/** Corpus set fixtures/corpus/badger-wi end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("badger-wi");
