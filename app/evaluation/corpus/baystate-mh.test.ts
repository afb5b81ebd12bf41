/** Corpus set fixtures/corpus/baystate-mh end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("baystate-mh");
