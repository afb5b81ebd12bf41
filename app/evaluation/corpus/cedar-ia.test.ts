/** Corpus set fixtures/corpus/cedar-ia end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("cedar-ia");
