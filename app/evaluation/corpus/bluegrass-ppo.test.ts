/** Corpus set fixtures/corpus/bluegrass-ppo end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("bluegrass-ppo");
