/** Corpus set fixtures/corpus/chesapeake-md end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("chesapeake-md");
