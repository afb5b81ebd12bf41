/** Corpus set fixtures/corpus/buckeye-seb end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("buckeye-seb");
