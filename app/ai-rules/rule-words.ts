/**
 * The words reviewers use in AI-rule conditions (issue 24, item E). The rules page's help says
 * "member age < 18"; a reviewer writes "patient age < 18", "the patient's age", "age of the member",
 * "prescriber's specialty". The rule language (app/clinical/rules/rule-language.ts, owned by the
 * engine) knows one spelling per field; this module rewrites the usual synonyms to it before a
 * condition is checked or handed to the engine, so the text a reviewer typed is kept as written, and
 * words it still cannot read are named with the fields it can.
 */
import { FIELD_DOCS, validateRuleTexts } from "~/clinical/rules/rule-language";

const PERSON = "(?:the\\s+)?(?:patient|member|enrollee|beneficiary|subscriber)(?:'s|’s|s')?";

/** [pattern, field] pairs, applied in order outside quoted text. */
const SYNONYMS: [RegExp, string][] = [
  [new RegExp(`\\b${PERSON}\\s+age\\b`, "gi"), "age"],
  [new RegExp(`\\bage\\s+of\\s+${PERSON}`, "gi"), "age"],
  [new RegExp(`\\b${PERSON}\\s+(?:id|identifier|number)\\b`, "gi"), "member_id"],
  [/\b(?:the\s+)?prescriber(?:'s|’s)?\s+specialty\b/gi, "specialty"],
  [/\bspecialty\s+of\s+(?:the\s+)?prescriber\b/gi, "specialty"],
  [/\b(?:requested\s+)?days?(?:'|’)?\s+supply\b/gi, "days_supply"],
  [/\b(?:formulary|drug)\s+tier\b/gi, "tier"],
  [/\b(?:requested\s+)?quantity\b/gi, "quantity"],
  [/\b(?:requested\s+(?:drug|medication)|medication\s+name|drug\s+name)\b/gi, "drug"],
  [/\bdiagnos(?:is|es)\s+codes?\b|\bicd-?10(?:-cm)?(?:\s+codes?)?\b/gi, "diagnosis"],
  [/\bprior\s+auth(?:orization)?\s+required\b/gi, "pa_required"],
];

/**
 * A condition in the rule language's own field names: reviewer synonyms ("patient age",
 * "the member's age", "prescriber's specialty", "days' supply", ...) rewritten outside quotes.
 * Text the synonyms do not cover is returned unchanged.
 */
export function toEngineCondition(text: string): string {
  return text
    .split(/("[^"]*"|'[^']*')/)
    .map((part, i) => (i % 2 ? part : SYNONYMS.reduce((s, [re, field]) => s.replace(re, field), part)))
    .join("");
}

/** "age (member age in whole years …); quantity (…); …" for error messages. */
export function knownFieldsText(): string {
  return Object.keys(FIELD_DOCS).join(", ");
}

/**
 * Messages for the conditions and actions that do not parse (empty when all do), conditions read
 * through toEngineCondition. A condition whose field is unknown says which word was not understood
 * and lists the fields rules can read.
 */
export function validateRuleWords(conditions: string[], actions: string[]): string[] {
  const errors: string[] = [];
  conditions.forEach((c, i) => {
    const [message] = validateRuleTexts([toEngineCondition(c)], []);
    if (!message) return;
    const detail = message.replace(/^Condition 1 \(".*?"\): /, "");
    const unknownField = /needs a field|Expected a comparison/.test(detail);
    const word = /^\s*([A-Za-z_' ]+?)\s*(?:<=|>=|!=|==|<>|<|>|=|≤|≥|≠|\bin\b|\bcontains\b|\bis\b)/i.exec(c)?.[1]?.trim();
    errors.push(
      `Condition ${i + 1} ("${c}"): ` +
        (unknownField
          ? `${word ? `"${word}" is not a field rules can read` : detail}. Use one of: ${knownFieldsText()} (for example: patient age < 18).`
          : detail),
    );
  });
  for (const m of validateRuleTexts([], actions)) errors.push(m);
  return errors;
}
