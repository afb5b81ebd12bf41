/** Extraction + eligibility stage of the built-in clinical engine. */
export { extractCaseFacts, mapToFormularyName, splitName, type ExtractOptions } from "./extract-case";
export { isValidNpi, readNpi, normalizeNdc, ndcDigits, normalizeIcd10, ocrDigits, ICD10_SHAPE, type NpiReading } from "./ids";
export { parseDate, findDates, daysBetween, type DateHit } from "./dates";
export { checkEligibility, matchFormulary, matchMember } from "../eligibility/check-eligibility";
