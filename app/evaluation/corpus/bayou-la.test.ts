/** Corpus set fixtures/corpus/bayou-la end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("bayou-la");
