/** Corpus set fixtures/corpus/golden-ca end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("golden-ca");
