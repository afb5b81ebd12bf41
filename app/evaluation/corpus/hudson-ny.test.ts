/** Corpus set fixtures/corpus/hudson-ny end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("hudson-ny");
