import { describe, expect, it } from "vitest";
import { reflowPolicyText } from "./reflow-policy-text";

describe("reflowPolicyText", () => {
  it("joins a sentence the PDF wrapped, and a word it hyphenated", () => {
    expect(reflowPolicyText("Patient has had an inadequate response to\nat least one conventional systemic treat-\nment for 12 weeks.")).toEqual([
      "Patient has had an inadequate response to at least one conventional systemic treatment for 12 weeks.",
    ]);
  });

  it("keeps headings, list items and paragraphs apart", () => {
    const text =
      "COVERAGE CRITERIA\nPlaque psoriasis:\n1. Age 18 or older; and\n2. Prescribed by a dermatologist.\n\nContinuation of therapy requires documented\nresponse.";
    expect(reflowPolicyText(text)).toEqual([
      "COVERAGE CRITERIA",
      "Plaque psoriasis:",
      "1. Age 18 or older; and",
      "2. Prescribed by a dermatologist.",
      "Continuation of therapy requires documented response.",
    ]);
  });

  it("never merges a line that starts a list item or a capitalised sentence", () => {
    expect(reflowPolicyText("must meet all of the following\na) diagnosis of RA\nb) failed methotrexate")).toEqual([
      "must meet all of the following",
      "a) diagnosis of RA",
      "b) failed methotrexate",
    ]);
    expect(reflowPolicyText("Approval duration 12 months\nReauthorization requires response")).toEqual([
      "Approval duration 12 months",
      "Reauthorization requires response",
    ]);
  });
});
