import { describe, expect, it } from "vitest";
import type { CaseFacts } from "../contracts";
import { selectPolicy } from "./select-policy";

const facts = (drug_name: string) => ({ medication: { drug_name } }) as unknown as CaseFacts;

describe("selectPolicy: a combination product is not one of its ingredients", () => {
  // a single-ingredient policy listed first must not capture a request for a combination that contains it
  const policies = [
    { id: "single", drug_names: ["Viread", "tenofovir disoproxil fumarate"] },
    { id: "combo", drug_names: ["Truvada", "emtricitabine/tenofovir disoproxil fumarate"] },
  ];

  it("picks the combination's policy by its brand", () => {
    expect(selectPolicy(facts("Truvada"), policies)).toBe("combo");
  });
  it("picks the combination's policy by its generic written with a slash or 'and'", () => {
    expect(selectPolicy(facts("emtricitabine/tenofovir disoproxil fumarate 200-300 mg"), policies)).toBe("combo");
    expect(selectPolicy(facts("emtricitabine and tenofovir disoproxil fumarate tablets"), policies)).toBe("combo");
  });
  it("still picks the single-ingredient policy for the single ingredient", () => {
    expect(selectPolicy(facts("tenofovir disoproxil fumarate 300 mg"), policies)).toBe("single");
  });
});
