/**
 * A numbered list of requirements for every request ("Universal Criteria", "Requirements for all
 * requests") followed directly by the first indication's title and its own numbered list (issue 21,
 * pends36a): the shared list ends at the title, so the indication's requirements form its own path
 * and the shared ones apply to every path — never the indication nested under the shared list's
 * last item.
 */
import { describe, expect, it } from "vitest";
import { readPolicy } from "./read-policy";
import { docFromPages } from "../testing";
import type { Criterion } from "../contracts";

const flat = (cs: Criterion[]): Criterion[] => cs.flatMap((c) => (c.kind === "all" || c.kind === "any" ? [c, ...flat(c.items)] : [c]));

describe("a shared requirement list that runs into the first indication's title", () => {
  const policy = [
    "Examplumab Specialty Drug Policy",
    "III. Initial Approval Criteria",
    "Coverage is provided in the following conditions:",
    "Requirements for all requests",
    "1. Prescribed by or in consultation with a dermatologist; AND",
    "2. Member is not receiving another biologic for the same condition; AND",
    "3. Tuberculosis screening is negative within 12 months before the request.",
    "Plaque psoriasis (PsO) †",
    "1. Diagnosis of moderate to severe plaque psoriasis; AND",
    "2. Age 18 years or older.",
    "† FDA approved indication(s)",
  ].join("\n");

  it("reads the indication as its own path and the shared list as every path's", () => {
    const m = readPolicy(docFromPages([policy]), { drug_names: ["Examplumab"] });
    const ind = m.indications.find((i) => /psoriasis/i.test(i.title));
    expect(ind).toBeDefined();
    const own = flat(ind!.criteria).map((c) => c.text);
    expect(own.some((t) => /Age 18 years or older/.test(t))).toBe(true);
    // the shared requirements are no part of the indication's first item, nor the indication of theirs
    expect(own.some((t) => /Tuberculosis screening/.test(t))).toBe(false);
    const common = flat(m.common).map((c) => c.text);
    expect(common.some((t) => /Tuberculosis screening is negative/.test(t))).toBe(true);
    expect(common.some((t) => /psoriasis|Age 18/i.test(t))).toBe(false);
  });
});
