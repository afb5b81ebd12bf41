/** Corpus set fixtures/corpus/medicaid-az end to end (see app/evaluation/corpus-set.ts). */
import { corpusSetTest } from "../corpus-set";

corpusSetTest("medicaid-az");
