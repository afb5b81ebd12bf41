/** Corpus set fixtures/corpus/highplains-co end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("highplains-co");
