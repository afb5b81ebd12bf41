/** Corpus set fixtures/corpus/triservice-fed end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("triservice-fed");
