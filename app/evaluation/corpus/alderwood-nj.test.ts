/** Corpus set fixtures/corpus/alderwood-nj end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("alderwood-nj");
