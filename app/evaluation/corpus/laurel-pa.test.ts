/** Corpus set fixtures/corpus/laurel-pa end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("laurel-pa");
