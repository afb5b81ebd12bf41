/** Corpus set fixtures/corpus/palmetto-pdp end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("palmetto-pdp");
