import { describe, expect, it } from "vitest";
import { answerFromFacts, snippet, type CaseFacts } from "./answer-from-facts";

const cite = (text: string, page = 1, document = "fax") => ({ document, page, start: 10 * page, end: 10 * page + text.length, text });

const facts: CaseFacts = {
  patient: { value: { first_name: "Dana", last_name: "Reyes", birth_date: "1979-04-02", member_id: "MBR123" }, citations: [cite("Dana Reyes")] },
  diagnoses: [{ value: { code: "L40.0", description: "Psoriasis vulgaris" }, citations: [cite("L40.0 Psoriasis vulgaris", 2)] }],
  prescribers: [{ value: { full_name: "Dr. Alex Morgan", npi: "1548213960", specialty: "Dermatology" }, citations: [cite("Dr. Alex Morgan")] }],
  medications: [
    { value: { drug_name: "Skyrizi", strength: "150 mg/mL", quantity: 1, quantity_unit: "pen", days_supply: 84 }, citations: [cite("Skyrizi 150 mg/mL")] },
  ],
  prior_therapies: [
    { value: { drug_name: "methotrexate", duration_days: 112, outcome: "inadequate_response" }, citations: [cite("methotrexate 15 mg weekly x 16 weeks", 2)] },
    { value: { drug_name: "adalimumab", duration_days: 90, outcome: "intolerance" }, citations: [cite("adalimumab stopped for injection site reactions", 2)] },
  ],
  labs: [],
  decision: {
    value: { final_decision: "approved", ai_summary: "All criteria of the plaque psoriasis path are met.", by_human: false },
    citations: [cite("plaque psoriasis", 1, "policy")],
  },
};
const policyPassage = cite("Trial and failure of at least one conventional systemic therapy such as methotrexate for 12 weeks.", 3, "policy");

describe("answerFromFacts (built-in chat answer)", () => {
  it("answers 'What is the diagnosis?' with the diagnosis and its citation, in one sentence", () => {
    const a = answerFromFacts("What is the diagnosis?", facts, [policyPassage]);
    expect(a.content).toBe("The diagnosis on the request is Psoriasis vulgaris (ICD-10-CM L40.0) [1].");
    expect(a.citations).toEqual([facts.diagnoses[0]!.citations[0]]);
  });

  it("names the prescriber with specialty and NPI", () => {
    const a = answerFromFacts("Who is the prescribing provider?", facts, []);
    expect(a.content).toBe("The prescribing provider is Dr. Alex Morgan (Dermatology, NPI 1548213960) [1].");
    expect(a.citations[0]!.text).toBe("Dr. Alex Morgan");
  });

  it("lists the therapies tried with duration and outcome, then quotes the policy's requirement", () => {
    const a = answerFromFacts("Which medications were tried before?", facts, [cite("Skyrizi 150 mg/mL"), policyPassage]);
    expect(a.content).toMatch(
      /^Previously tried: methotrexate \(16 weeks, inadequate response\) \[1\] and adalimumab \(3 months, not tolerated\) \[2\]\. The coverage policy says: "Trial and failure .*" \[3\]$/,
    );
    expect(a.citations.map((c) => c.document)).toEqual(["fax", "fax", "policy"]);
  });

  it("references one span once even when two facts were read from it", () => {
    const shared = cite("Dr. Alex Morgan, Dermatology");
    const f: CaseFacts = {
      ...facts,
      prescribers: [{ value: { full_name: "Dr. Alex Morgan" }, citations: [shared] }],
      patient: { value: { first_name: "Dana" }, citations: [shared] },
    };
    const a = answerFromFacts("Who is the patient and who is the prescriber?", f, []);
    expect(a.content.match(/\[1\]/g)?.length).toBe(2);
    expect(a.citations).toHaveLength(1);
  });

  it("says so when nothing was documented, and quotes the best passage for other questions", () => {
    const missed = answerFromFacts("Which medications were tried before?", { ...facts, prior_therapies: [] }, [
      cite("Tried methotrexate 20 mg weekly for 6 weeks."),
      policyPassage,
    ]);
    expect(missed.content).toBe(
      'The fax says: "Tried methotrexate 20 mg weekly for 6 weeks." [1] The coverage policy says: "Trial and failure of at least one conventional systemic therapy such as methotrexate for 12 weeks." [2]',
    );
    const a = answerFromFacts("Is the site of care a hospital outpatient department?", facts, [
      cite("Administered at home by the patient."),
      cite("Site of care: hospital outpatient department", 2),
    ]);
    expect(a.content).toBe('The fax says: "Site of care: hospital outpatient department" [1]');
    expect(a.citations[0]!.page).toBe(2);
    expect(answerFromFacts("Anything odd?", { diagnoses: [], prescribers: [], medications: [], prior_therapies: [], labs: [] }, []).citations).toEqual([]);
  });

  it("cuts long quotes at a word boundary, never mid-word", () => {
    const text = `${"word ".repeat(100)}end.`;
    const out = snippet(text, new Set(["word"]), 50);
    expect(out.endsWith("…")).toBe(true);
    expect(out.slice(0, -1)).toMatch(/word$/);
  });

  // issue 24, item 7: the chat answers that repeated an entry, quoted a policy cut mid-list, and
  // answered a two-part question with one part plus identifiers nobody asked for
  it("says a therapy read twice once", () => {
    const twice: CaseFacts = {
      ...facts,
      prior_therapies: [
        { value: { drug_name: "Cimzia", duration_days: null, outcome: "ongoing" }, citations: [cite("Cimzia 200 mg q2w", 2)] },
        { value: { drug_name: "Cimzia", duration_days: null, outcome: "ongoing" }, citations: [cite("continue Cimzia", 3)] },
      ],
    };
    const a = answerFromFacts("What was tried before?", twice, []);
    expect(a.content.match(/Cimzia/g)).toHaveLength(1);
  });

  it("answers both parts of a two-part question, the named drug only, and no unasked identifiers", () => {
    const a = answerFromFacts("How long was methotrexate tried, and what is the prescriber's specialty?", facts, [policyPassage]);
    expect(a.content).toContain("methotrexate (16 weeks, inadequate response)");
    expect(a.content).not.toContain("adalimumab");
    expect(a.content).toContain("specializes in Dermatology");
    expect(a.content).not.toContain("NPI");
    expect(a.content).not.toContain("1548213960");
  });

  it("never ends a policy quote on the next item's bare number", () => {
    const listed =
      "Coverage criteria: 1. Diagnosis of moderate to severe plaque psoriasis; 2. Age 18 years or older; 3. Prescribed by a dermatologist; 4. Trial of methotrexate for 12 weeks; 5. Not used with another biologic; 6. TB screening negative within 12 months before starting therapy with the requested agent.";
    const out = snippet(listed, new Set(["methotrexate", "weeks"]), 200);
    expect(out).not.toMatch(/[;,]?\s\d[.)]…?$/);
    expect(out).toContain("4. Trial of methotrexate for 12 weeks");
  });
});
