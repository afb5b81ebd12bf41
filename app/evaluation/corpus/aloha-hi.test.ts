/** Corpus set fixtures/corpus/aloha-hi end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("aloha-hi");
