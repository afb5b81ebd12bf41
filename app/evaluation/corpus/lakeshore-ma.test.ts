/** Corpus set fixtures/corpus/lakeshore-ma end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("lakeshore-ma");
