/** Corpus set fixtures/corpus/harborline-wa end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("harborline-wa");
