/** Corpus set fixtures/corpus/prairiestate-il end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("prairiestate-il");
