/** Corpus set fixtures/corpus/shenandoah-va end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("shenandoah-va");
