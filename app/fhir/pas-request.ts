/**
 * Reading a Da Vinci PAS 2.2.1 request bundle (already valid against profile-pas-request-bundle)
 * into what the review platform needs: who the member is, who asks, the diagnoses, the requested
 * items (medications via MedicationRequest; services via ServiceRequest, DeviceRequest or
 * NutritionOrder) and the attached documents, with every reference resolved inside the bundle.
 * Then `pasRequestText` renders it as the labelled request document the intake reads (the same
 * labels as an ePA or a faxed request form), so the engine reviews a PAS request like any other.
 *
 * Source: HL7 Da Vinci PAS 2.2.1 (profile-claim: Claim.item.extension:requestedService references
 * the MedicationRequest / ServiceRequest / DeviceRequest / NutritionOrder of an item;
 * Claim.supportingInfo:AdditionalInformation.valueReference a DocumentReference).
 */
import type {
  Bundle,
  BundleEntry,
  Claim,
  ClaimItem,
  CodeableConcept,
  Coverage,
  DeviceRequest,
  DocumentReference,
  HumanName,
  Identifier,
  MedicationRequest,
  NutritionOrder,
  OperationOutcomeIssue,
  Organization,
  Patient,
  Practitioner,
  PractitionerRole,
  Reference,
  Resource,
  ServiceRequest,
} from "@medplum/fhirtypes";

const PAS_EXT = "http://hl7.org/fhir/us/davinci-pas/StructureDefinition/";
/** X12 1322 Certification Type Code "3" = Cancel (extension-certificationType, UM02). */
const CERTIFICATION_CANCEL = "3";
const NPI_SYSTEM = "http://hl7.org/fhir/sid/us-npi";

/** One requested item of the Claim. */
export interface PasItem {
  sequence: number;
  kind: "medication" | "service";
  /** the requested resource's type (MedicationRequest, ServiceRequest, DeviceRequest, NutritionOrder) or null (the Claim item alone) */
  requestType: string | null;
  code: string | null;
  codeSystem: string | null;
  display: string | null;
  quantity: number | null;
  quantityUnit: string | null;
  daysSupply: number | null;
  directions: string | null;
  serviceDate: string | null;
  serviceDateEnd: string | null;
  placeOfService: string | null;
  /**
   * An update's item the submitter cancels (modifierextension-infoCancelled true, or
   * extension-certificationType X12 1322 code "3" Cancel): answered cancelled, never reviewed.
   */
  cancelled: boolean;
  /** extension-infoChanged of an update's item (PASInformationChangeMode: "added" | "changed"), else null */
  change: string | null;
}

/** A document sent with the request (a DocumentReference attachment with inline data). */
export interface PasAttachment {
  filename: string;
  contentType: string;
  bytes: Uint8Array;
  description: string | null;
}

/** What the platform reads from a PAS request bundle. */
export interface PasRequest {
  bundleIdentifier: Identifier | null;
  claimEntry: BundleEntry<Claim>;
  claim: Claim;
  patient: { entry: BundleEntry<Patient>; firstName: string | null; lastName: string | null; birthDate: string | null; gender: string | null };
  /** Coverage.subscriberId, else the Coverage's or the Patient's first identifier value */
  memberId: string | null;
  coverageEntry: BundleEntry<Coverage> | null;
  insurerEntry: BundleEntry<Organization> | null;
  requestorEntry: BundleEntry | null;
  practitioners: { name: string | null; npi: string | null; specialty: string | null }[];
  diagnoses: { code: string; system: string | null; display: string | null; primary: boolean }[];
  items: PasItem[];
  attachments: PasAttachment[];
  /** free text of text/plain attachments, read into the request document */
  notes: string[];
  urgency: "standard" | "expedited";
  /**
   * An update (profile-claim-update): the identifiers of the earlier request it replaces — the
   * Claim.related claim resolved in the bundle (its identifiers), else the reference's identifier.
   * Empty for a new request.
   */
  replaces: Identifier[];
  /**
   * The whole request is withdrawn: Claim.status "cancelled", the Claim's certificationType is X12
   * 1322 "3" (Cancel), or every item is cancelled.
   */
  cancelsAll: boolean;
}

/** The outcome of reading: the request, or the problems found (references that do not resolve). */
export type ReadPasResult = { ok: true; request: PasRequest } | { ok: false; issues: OperationOutcomeIssue[] };

function problem(text: string, expression: string): OperationOutcomeIssue {
  return { severity: "error", code: "not-found", details: { text }, expression: [expression] };
}

/**
 * Finds the entry a reference points to inside `bundle`: by fullUrl (absolute or urn:uuid), by
 * `Type/id` against the resources' type and id, or by a fullUrl ending in `/Type/id`. Null when absent.
 */
export function resolveReference(bundle: Bundle, reference: Reference | undefined): BundleEntry | null {
  const ref = reference?.reference;
  if (!ref) return null;
  for (const entry of bundle.entry ?? []) {
    if (entry.fullUrl === ref) return entry;
    const r = entry.resource;
    if (r && `${r.resourceType}/${r.id}` === ref) return entry;
    if (entry.fullUrl?.endsWith(`/${ref}`)) return entry;
  }
  return null;
}

function nameOf(names: HumanName[] | undefined): { first: string | null; last: string | null; full: string | null } {
  const n = names?.[0];
  if (!n) return { first: null, last: null, full: null };
  const first = n.given?.join(" ") ?? null;
  const last = n.family ?? null;
  return { first, last, full: n.text ?? ([first, last].filter(Boolean).join(" ") || null) };
}

function firstCoding(cc: CodeableConcept | undefined) {
  const c = cc?.coding?.[0];
  return { code: c?.code ?? null, system: c?.system ?? null, display: c?.display ?? cc?.text ?? null };
}

function extension<T = unknown>(el: { extension?: { url: string }[] } | undefined, name: string): T | undefined {
  return el?.extension?.find((e) => e.url === `${PAS_EXT}${name}`) as T | undefined;
}

function itemOf(bundle: Bundle, item: ClaimItem, index: number, issues: OperationOutcomeIssue[]): PasItem {
  const requested = (item.extension ?? []).filter((e) => e.url === `${PAS_EXT}extension-requestedService`);
  let resource: Resource | null = null;
  requested.forEach((ext, i) => {
    const entry = resolveReference(bundle, ext.valueReference);
    if (!entry)
      issues.push(
        problem(
          `Claim.item[${index}] requestedService ${ext.valueReference?.reference ?? "(no reference)"} is not in the bundle`,
          `Claim.item[${index}].extension[${i}]`,
        ),
      );
    else resource ??= entry.resource ?? null;
  });
  const base = firstCoding(item.productOrService);
  const place = firstCoding(item.locationCodeableConcept);
  const period = item.servicedPeriod;
  const certification = firstCoding(extension<{ valueCodeableConcept?: CodeableConcept }>(item, "extension-certificationType")?.valueCodeableConcept).code;
  const infoCancelled = item.modifierExtension?.some((e) => e.url === `${PAS_EXT}modifierextension-infoCancelled` && e.valueBoolean === true) ?? false;
  const out: PasItem = {
    sequence: item.sequence,
    kind: "service",
    requestType: resource ? (resource as Resource).resourceType : null,
    code: base.code,
    codeSystem: base.system,
    display: base.display,
    quantity: item.quantity?.value ?? null,
    quantityUnit: item.quantity?.unit ?? null,
    daysSupply: null,
    directions: null,
    serviceDate: item.servicedDate ?? period?.start?.slice(0, 10) ?? null,
    serviceDateEnd: period?.end?.slice(0, 10) ?? null,
    placeOfService: place.code,
    cancelled: infoCancelled || certification === CERTIFICATION_CANCEL,
    change: extension<{ valueCode?: string }>(item, "extension-infoChanged")?.valueCode ?? null,
  };
  const r = resource as Resource | null;
  if (r?.resourceType === "MedicationRequest") {
    const mr = r as MedicationRequest;
    const med = firstCoding(mr.medicationCodeableConcept);
    const supply = mr.dispenseRequest;
    return {
      ...out,
      kind: "medication",
      code: med.code ?? out.code,
      codeSystem: med.system ?? out.codeSystem,
      display: med.display ?? mr.medicationReference?.display ?? out.display,
      quantity: supply?.quantity?.value ?? out.quantity,
      quantityUnit: supply?.quantity?.unit ?? out.quantityUnit,
      daysSupply: supply?.expectedSupplyDuration?.value ?? null,
      directions:
        mr.dosageInstruction
          ?.map((d) => d.text)
          .filter(Boolean)
          .join("; ") || null,
    };
  }
  if (r?.resourceType === "ServiceRequest" || r?.resourceType === "DeviceRequest") {
    const code = r.resourceType === "ServiceRequest" ? firstCoding((r as ServiceRequest).code) : firstCoding((r as DeviceRequest).codeCodeableConcept);
    const qty = r.resourceType === "ServiceRequest" ? (r as ServiceRequest).quantityQuantity : undefined;
    return {
      ...out,
      code: out.code ?? code.code,
      codeSystem: out.codeSystem ?? code.system,
      display: out.display ?? code.display,
      quantity: out.quantity ?? qty?.value ?? null,
      quantityUnit: out.quantityUnit ?? qty?.unit ?? null,
    };
  }
  if (r?.resourceType === "NutritionOrder") {
    const n = r as NutritionOrder;
    return { ...out, display: out.display ?? n.enteralFormula?.baseFormulaProductName ?? n.oralDiet?.type?.[0]?.text ?? null };
  }
  return out;
}

function practitionerOf(bundle: Bundle, entry: BundleEntry | null) {
  const r = entry?.resource;
  if (!r) return null;
  let practitioner: Practitioner | null = null;
  let specialty: string | null = null;
  if (r.resourceType === "PractitionerRole") {
    const role = r as PractitionerRole;
    practitioner = (resolveReference(bundle, role.practitioner)?.resource as Practitioner | undefined) ?? null;
    specialty = firstCoding(role.specialty?.[0]).display ?? firstCoding(role.specialty?.[0]).code;
  } else if (r.resourceType === "Practitioner") practitioner = r as Practitioner;
  if (!practitioner) return null;
  const npi = practitioner.identifier?.find((i) => i.system === NPI_SYSTEM)?.value ?? null;
  return { name: nameOf(practitioner.name).full, npi, specialty };
}

function decodeBase64(data: string): Uint8Array {
  return new Uint8Array(Buffer.from(data, "base64"));
}

/**
 * Reads a PAS request bundle (first entry the Claim; call after profile validation). Every
 * reference the review needs must resolve inside the bundle (Claim.patient, Claim.insurance
 * coverage, Claim.provider, care team, item requestedService, supportingInfo documents): each that
 * does not is one issue (code not-found, with the Claim path), and no request is returned.
 */
export function readPasRequest(bundle: Bundle): ReadPasResult {
  const issues: OperationOutcomeIssue[] = [];
  const claimEntry = bundle.entry?.[0] as BundleEntry<Claim> | undefined;
  const claim = claimEntry?.resource;
  if (!claimEntry || claim?.resourceType !== "Claim") {
    return {
      ok: false,
      issues: [
        {
          severity: "error",
          code: "structure",
          details: { text: "The first entry of a PAS request bundle must be the Claim" },
          expression: ["Bundle.entry[0]"],
        },
      ],
    };
  }
  const patientEntry = resolveReference(bundle, claim.patient) as BundleEntry<Patient> | null;
  if (!patientEntry) issues.push(problem(`Claim.patient ${claim.patient?.reference ?? ""} is not in the bundle`, "Claim.patient"));
  const coverageRef = claim.insurance?.find((i) => i.focal)?.coverage ?? claim.insurance?.[0]?.coverage;
  const coverageEntry = coverageRef ? (resolveReference(bundle, coverageRef) as BundleEntry<Coverage> | null) : null;
  if (coverageRef && !coverageEntry) issues.push(problem(`Claim.insurance coverage ${coverageRef.reference ?? ""} is not in the bundle`, "Claim.insurance"));
  const insurerEntry = resolveReference(bundle, claim.insurer) as BundleEntry<Organization> | null;
  if (claim.insurer?.reference && !insurerEntry) issues.push(problem(`Claim.insurer ${claim.insurer.reference} is not in the bundle`, "Claim.insurer"));
  const requestorEntry = resolveReference(bundle, claim.provider);
  if (claim.provider?.reference && !requestorEntry) issues.push(problem(`Claim.provider ${claim.provider.reference} is not in the bundle`, "Claim.provider"));

  const practitioners: PasRequest["practitioners"] = [];
  (claim.careTeam ?? []).forEach((member, i) => {
    const entry = resolveReference(bundle, member.provider);
    if (!entry) issues.push(problem(`Claim.careTeam[${i}].provider ${member.provider?.reference ?? ""} is not in the bundle`, `Claim.careTeam[${i}].provider`));
    const p = practitionerOf(bundle, entry);
    if (p) practitioners.push({ ...p, specialty: p.specialty ?? firstCoding(member.qualification).display });
  });
  const requestorPractitioner = practitionerOf(bundle, requestorEntry);
  if (requestorPractitioner && !practitioners.some((p) => p.npi && p.npi === requestorPractitioner.npi)) practitioners.unshift(requestorPractitioner);

  const diagnoses = (claim.diagnosis ?? []).flatMap((d) => {
    const c = firstCoding(d.diagnosisCodeableConcept);
    return c.code ? [{ code: c.code, system: c.system, display: c.display, primary: d.sequence === 1 }] : [];
  });
  const items = (claim.item ?? []).map((item, i) => itemOf(bundle, item, i, issues));

  const attachments: PasAttachment[] = [];
  const notes: string[] = [];
  const documents = new Set<DocumentReference>();
  (claim.supportingInfo ?? []).forEach((info, i) => {
    if (!info.valueReference) return;
    const entry = resolveReference(bundle, info.valueReference);
    if (!entry)
      issues.push(
        problem(`Claim.supportingInfo[${i}] ${info.valueReference.reference ?? ""} is not in the bundle`, `Claim.supportingInfo[${i}].valueReference`),
      );
    else if (entry.resource?.resourceType === "DocumentReference") documents.add(entry.resource as DocumentReference);
    if (info.valueString) notes.push(info.valueString);
  });
  for (const entry of bundle.entry ?? []) if (entry.resource?.resourceType === "DocumentReference") documents.add(entry.resource as DocumentReference);
  let n = 0;
  for (const doc of documents) {
    for (const content of doc.content ?? []) {
      const a = content.attachment;
      if (!a?.data) continue;
      const bytes = decodeBase64(a.data);
      const type = (a.contentType ?? "application/octet-stream").split(";")[0]!.trim().toLowerCase();
      if (type === "text/plain") notes.push(Buffer.from(bytes).toString("utf8"));
      else if (type === "application/pdf")
        attachments.push({ filename: a.title || `attachment-${++n}.pdf`, contentType: type, bytes, description: doc.description ?? null });
    }
  }
  const replaces: Identifier[] = [];
  (claim.related ?? []).forEach((related, i) => {
    const entry = related.claim?.reference ? resolveReference(bundle, related.claim) : null;
    if (related.claim?.reference && !entry) {
      issues.push(problem(`Claim.related[${i}].claim ${related.claim.reference} is not in the bundle`, `Claim.related[${i}].claim`));
      return;
    }
    const earlier = entry?.resource?.resourceType === "Claim" ? ((entry.resource as Claim).identifier ?? []) : [];
    for (const id of [...earlier, ...(related.claim?.identifier ? [related.claim.identifier] : [])])
      if (id.system && id.value && !replaces.some((r) => r.system === id.system && r.value === id.value)) replaces.push({ system: id.system, value: id.value });
  });
  if (issues.length) return { ok: false, issues };

  const patient = patientEntry!.resource!;
  const coverage = coverageEntry?.resource;
  const pname = nameOf(patient.name);
  const memberId = coverage?.subscriberId ?? coverage?.identifier?.find((i) => i.value)?.value ?? patient.identifier?.find((i) => i.value)?.value ?? null;
  const level = firstCoding(extension<{ valueCodeableConcept?: CodeableConcept }>(claim, "extension-levelOfServiceCode")?.valueCodeableConcept).code;
  const priority = firstCoding(claim.priority).code;
  return {
    ok: true,
    request: {
      bundleIdentifier: bundle.identifier ?? null,
      claimEntry,
      claim,
      patient: { entry: patientEntry!, firstName: pname.first, lastName: pname.last, birthDate: patient.birthDate ?? null, gender: patient.gender ?? null },
      memberId,
      coverageEntry,
      insurerEntry,
      requestorEntry,
      practitioners,
      diagnoses,
      items,
      attachments,
      notes,
      // X12 1338 level of service U = urgent, 03 = emergency; FHIR processpriority stat
      urgency: level === "U" || level === "03" || priority === "stat" ? "expedited" : "standard",
      replaces,
      cancelsAll:
        (claim.status as string) === "cancelled" ||
        firstCoding(extension<{ valueCodeableConcept?: CodeableConcept }>(claim, "extension-certificationType")?.valueCodeableConcept).code ===
          CERTIFICATION_CANCEL ||
        (items.length > 0 && items.every((i) => i.cancelled)),
    },
  };
}

function usDate(iso: string | null): string {
  if (!iso) return "";
  const [y, m, d] = iso.slice(0, 10).split("-");
  return y && m && d ? `${m}/${d}/${y}` : iso;
}

/**
 * The request as the labelled text document the intake reads (the labels of the platform's ePA
 * and request-form documents: "Member name:", "Member ID:", "Prescriber:", "NPI:", "Drug name and
 * strength:", "Primary diagnosis:", service lines "CPT 99212 - ... 1 unit, date of service ...").
 */
export function pasRequestText(req: PasRequest): string {
  const L: string[] = [];
  const claim = req.claim;
  const p = req.patient;
  // an update's cancelled items are not part of the request any more
  const meds = req.items.filter((i) => i.kind === "medication" && !i.cancelled);
  const services = req.items.filter((i) => i.kind === "service" && !i.cancelled);
  L.push(`${meds.length ? "PHARMACY" : "MEDICAL"} PRIOR AUTHORIZATION REQUEST (Da Vinci PAS, FHIR)`);
  L.push("");
  L.push(`Review type: [${req.urgency === "standard" ? "X" : " "}] Standard   [${req.urgency === "expedited" ? "X" : " "}] Expedited`);
  L.push(`Date of request: ${usDate(claim.created?.slice(0, 10) ?? null)}`);
  L.push("");
  L.push("MEMBER INFORMATION");
  L.push(`Member name: ${p.lastName ?? ""}, ${p.firstName ?? ""}`);
  L.push(`Date of birth: ${usDate(p.birthDate)}   Sex: ${p.gender === "female" ? "Female" : p.gender === "male" ? "Male" : ""}`);
  L.push(`Member ID: ${req.memberId ?? ""}`);
  L.push("");
  const prescriber = req.practitioners[0];
  if (prescriber) {
    L.push(meds.length ? "PRESCRIBER INFORMATION" : "REQUESTING PROVIDER");
    L.push(`${meds.length ? "Prescriber" : "Provider"}: ${prescriber.name ?? ""}`);
    L.push(`NPI: ${prescriber.npi ?? ""}${prescriber.specialty ? `   Specialty: ${prescriber.specialty}` : ""}`);
    for (const other of req.practitioners.slice(1)) L.push(`Care team: ${other.name ?? ""}${other.npi ? `   NPI: ${other.npi}` : ""}`);
    L.push("");
  }
  for (const m of meds) {
    L.push("MEDICATION REQUESTED");
    L.push(`Drug name and strength: ${m.display ?? ""}`);
    if (m.codeSystem?.includes("ndc")) L.push(`NDC: ${m.code}`);
    else if (m.codeSystem?.includes("rxnorm")) L.push(`RxNorm: ${m.code}`);
    if (m.directions) L.push(`Directions: ${m.directions}`);
    L.push(`Quantity: ${m.quantity ?? ""} ${m.quantityUnit ?? ""}   Days supply: ${m.daysSupply ?? ""}`);
    L.push("");
  }
  if (services.length) {
    L.push("REQUESTED SERVICES");
    for (const s of services) {
      const dates = s.serviceDate ? `, date of service ${usDate(s.serviceDate)}${s.serviceDateEnd ? ` - ${usDate(s.serviceDateEnd)}` : ""}` : "";
      const pos = s.placeOfService ? `, place of service ${s.placeOfService}` : "";
      L.push(
        `${s.sequence}. CPT ${s.code ?? ""} - ${s.display ?? s.requestType ?? "service"}, ${s.quantity ?? 1} unit${s.quantity === 1 || s.quantity === null ? "" : "s"}${dates}${pos}`,
      );
    }
    L.push("");
  }
  L.push("DIAGNOSIS");
  const primary = req.diagnoses.find((d) => d.primary) ?? req.diagnoses[0];
  L.push(`Primary diagnosis: ${primary ? `${primary.code}${primary.display ? ` - ${primary.display}` : ""}` : ""}`);
  for (const d of req.diagnoses.filter((x) => x !== primary)) L.push(`Secondary diagnosis: ${d.code}${d.display ? ` - ${d.display}` : ""}`);
  if (req.notes.length) {
    L.push("");
    L.push("PERTINENT CLINICAL INFORMATION");
    for (const n of req.notes) L.push(n.trim());
  }
  if (req.attachments.length) {
    L.push("");
    L.push(`Attached documents: ${req.attachments.map((a) => a.description ?? a.filename).join("; ")}`);
  }
  return `${L.join("\n")}\n`;
}
