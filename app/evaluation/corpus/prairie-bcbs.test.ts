/** Corpus set fixtures/corpus/prairie-bcbs end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("prairie-bcbs");
