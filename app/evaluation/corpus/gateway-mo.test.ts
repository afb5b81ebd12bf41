/** Corpus set fixtures/corpus/gateway-mo end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("gateway-mo");
