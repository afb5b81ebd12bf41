/** Corpus set fixtures/corpus/summit-cigna end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("summit-cigna");
