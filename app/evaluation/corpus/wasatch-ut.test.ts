/** Corpus set fixtures/corpus/wasatch-ut end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("wasatch-ut");
