/**
 * PAS 2.2.1 request bundles for tests: the package's own examples (../shared/fhir/davinci-pas-2.2.1,
 * read as published) and a medication request built from one of them for a demo case (its member,
 * prescriber and drug; the demo fax as a base64 PDF DocumentReference).
 */
import fs from "node:fs";
import path from "node:path";
import type { Bundle, BundleEntry, Claim, ClaimResponse, Coverage, Extension, Patient } from "@medplum/fhirtypes";
import type { DemoCase } from "../../fixtures/demo/catalog";

export const PAS_EXAMPLES = path.resolve("../shared/fhir/davinci-pas-2.2.1/example");

/** A package example, parsed (a fresh copy each call). */
export function pasExample(name: string): Bundle {
  return JSON.parse(fs.readFileSync(path.join(PAS_EXAMPLES, name), "utf8")) as Bundle;
}

/** The member the package's request examples name (Coverage.subscriberId, Patient JOE SMITH). */
export const EXAMPLE_MEMBER = {
  member_id: "1122334455",
  first_name: "Joe",
  last_name: "Smith",
  birth_date: "1970-01-01",
  gender: "male",
  coverage_start: "2000-01-01",
  coverage_end: null,
};

const PAS = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/";

/**
 * A PAS request for the medication of demo case `c`: the referral example's parties with the case's
 * member (name, birth date, subscriber ID), prescriber (Practitioner with NPI) and drug (a
 * MedicationRequest with its NDC, referenced by the one Claim item), and `pdf` (the case's fax) as a
 * DocumentReference attachment referenced from supportingInfo.
 */
export function medicationPasBundle(c: DemoCase, pdf: Uint8Array, identifier = `MED-${c.id}`): Bundle {
  const bundle = pasExample("Bundle-ReferralAuthorizationBundleExample.json");
  bundle.identifier = { system: "http://example.org/SUBMITTER_TRANSACTION_IDENTIFIER", value: identifier };
  const entries = bundle.entry as BundleEntry[];
  const claim = entries[0]!.resource as Claim;
  const patient = entries.find((e) => e.resource?.resourceType === "Patient")!.resource as Patient;
  patient.name = [{ family: c.patient.last_name, given: [c.patient.first_name] }];
  patient.birthDate = c.patient.birth_date;
  patient.gender = c.patient.gender === "female" ? "female" : "male";
  const coverage = entries.find((e) => e.resource?.resourceType === "Coverage")!.resource as Coverage;
  coverage.subscriberId = c.patient.member_id;
  const practitioner = entries.find((e) => e.resource?.resourceType === "Practitioner")!.resource!;
  Object.assign(practitioner, {
    identifier: [{ system: "http://hl7.org/fhir/sid/us-npi", value: c.prescriber.npi }],
    name: [{ family: c.prescriber.last_name, given: [c.prescriber.first_name] }],
  });
  const document = entries.find((e) => e.resource?.resourceType === "DocumentReference")!.resource as { content: unknown[]; description?: string };
  document.description = "Prior authorization request form and office notes";
  document.content = [{ attachment: { contentType: "application/pdf", title: `${c.id}.pdf`, data: Buffer.from(pdf).toString("base64") } }];
  const serviceEntry = entries.findIndex((e) => e.resource?.resourceType === "ServiceRequest");
  entries.splice(serviceEntry, 1, {
    fullUrl: "http://example.org/fhir/MedicationRequest/DemoMedicationRequest",
    resource: {
      resourceType: "MedicationRequest",
      id: "DemoMedicationRequest",
      meta: { profile: [`${PAS}profile-medicationrequest`] },
      status: "active",
      intent: "order",
      medicationCodeableConcept: {
        coding: [{ system: "http://hl7.org/fhir/sid/ndc", code: c.medication.ndc.replace(/-/g, ""), display: c.medication.display_name }],
        text: c.medication.display_name,
      },
      subject: { reference: "Patient/SubscriberExample" },
      authoredOn: c.request_date,
      requester: { reference: "PractitionerRole/ReferralPractitionerRoleExample" },
      dosageInstruction: [{ text: c.medication.sig }],
      dispenseRequest: {
        quantity: { value: c.medication.quantity, unit: c.medication.quantity_unit },
        expectedSupplyDuration: { value: c.medication.days_supply, unit: "days", system: "http://unitsofmeasure.org", code: "d" },
      },
    },
  });
  const item = claim.item![0]!;
  item.extension = [
    ...(item.extension ?? []).filter((e) => e.url !== `${PAS}extension-requestedService`),
    { url: `${PAS}extension-requestedService`, valueReference: { reference: "MedicationRequest/DemoMedicationRequest" } },
  ];
  item.productOrService = { coding: [{ system: "http://hl7.org/fhir/sid/ndc", code: c.medication.ndc.replace(/-/g, ""), display: c.medication.display_name }] };
  claim.diagnosis = c.diagnoses
    .filter((d) => d.code)
    .map((d, i) => ({
      sequence: i + 1,
      diagnosisCodeableConcept: { coding: [{ system: "http://hl7.org/fhir/sid/icd-10-cm", code: d.code!, display: d.description }] },
    }));
  return bundle;
}

/**
 * An update (profile-claim-update, Claim.related "prior") of `request`: the same parties and items,
 * the Claim's identifier suffixed with `suffix`, every item marked infoChanged "changed", and the
 * earlier Claim carried in the bundle as the profile requires. `change` edits the copy (e.g. the
 * MedicationRequest's quantity).
 */
export function pasUpdateOf(request: Bundle, suffix: string, change: (entries: BundleEntry[]) => void = () => {}): Bundle {
  const bundle = JSON.parse(JSON.stringify(request)) as Bundle;
  const entries = bundle.entry as BundleEntry[];
  const prior = JSON.parse(JSON.stringify(entries[0]!)) as BundleEntry<Claim>;
  const claim = entries[0]!.resource as Claim;
  claim.id = `${prior.resource!.id}-${suffix}`;
  entries[0]!.fullUrl = `${prior.fullUrl}-${suffix}`;
  claim.meta = { profile: [`${PAS}profile-claim-update`] };
  claim.identifier = (claim.identifier ?? []).map((i) => ({ ...i, value: `${i.value}-${suffix}` }));
  claim.related = [
    {
      claim: { reference: `Claim/${prior.resource!.id}` },
      relationship: { coding: [{ system: "http://terminology.hl7.org/CodeSystem/ex-relatedclaimrelationship", code: "prior" }] },
    },
  ];
  for (const item of claim.item ?? []) item.extension = [...(item.extension ?? []), { url: `${PAS}extension-infoChanged`, valueCode: "changed" }];
  bundle.identifier = { ...bundle.identifier, value: `${bundle.identifier?.value ?? "REQ"}-${suffix}` };
  entries.push(prior);
  change(entries);
  return bundle;
}

/** `POST /fhir/Claim/{operation}` of `body` with API key `key`, through the in-process app. */
export function pasPost(app: { fetch(r: Request): Promise<Response> }, body: unknown, key: string, operation = "$submit"): Promise<Response> {
  return app.fetch(
    new Request(`http://localhost/fhir/Claim/${operation}`, {
      method: "POST",
      headers: { "Content-Type": "application/fhir+json", Authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    }),
  );
}

/** Each item's X12 278 review action code (A1, A3, A4, …; "?" when the item carries none). */
export function reviewActionCodes(cr: ClaimResponse): string[] {
  return (cr.item ?? []).map((item) => {
    const action = item.adjudication?.[0]?.extension?.find((e) => e.url === "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/extension-reviewAction");
    return action?.extension?.find((e: Extension) => e.url.endsWith("extension-reviewActionCode"))?.valueCodeableConcept?.coding?.[0]?.code ?? "?";
  });
}

/** Polls `fn` every 200 ms until it answers true; throws "timed out" after `ms`. */
export async function until(fn: () => Promise<boolean>, ms = 120_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await fn())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 200));
  }
}
