/** Corpus set fixtures/corpus/partd end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("partd");
