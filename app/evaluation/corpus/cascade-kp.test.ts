/** Corpus set fixtures/corpus/cascade-kp end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("cascade-kp");
