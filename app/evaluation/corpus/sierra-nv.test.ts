/** Corpus set fixtures/corpus/sierra-nv end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("sierra-nv");
