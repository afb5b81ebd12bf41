/** Corpus set fixtures/corpus/ambrio-ga end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("ambrio-ga");
