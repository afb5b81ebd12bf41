import type { Route } from "./+types/fhir";
import { FHIR_OPERATIONS } from "~/fhir/capability-statement";

/** /docs/fhir — how a provider system calls the Prior Authorization API (Da Vinci PAS 2.2.1). */
export const meta: Route.MetaFunction = () => [{ title: "Prior Authorization API (FHIR) · PA Review" }];

const ACTIONS = [
  [
    "A1",
    "Certified in total",
    "Approved by the review engine or a reviewer; the item carries the authorization number (reviewAction number = ClaimResponse.preAuthRef) and itemPreAuthPeriod.",
  ],
  ["A3", "Not certified", "Only after a clinical reviewer signed the denial off; the reviewer's specific reason is a processNote linked from the item."],
  ["A4", "Pended", "Not decided within 15 s, more information needed, or an AI denial awaiting a clinical reviewer. Ask again with $inquire."],
  ["C", "Cancelled", "An item an update cancelled, or every item of a request the requester cancelled."],
] as const;

export default function FhirDocs() {
  return (
    <main className="mx-auto max-w-4xl px-6 py-10 text-sm leading-6 text-slate-800">
      <h1 className="text-3xl font-semibold">Prior Authorization API (FHIR)</h1>
      <p className="mt-3">
        A payer-side implementation of the HL7 Da Vinci Prior Authorization Support guide, version 2.2.1 (FHIR R4), the API CMS-0057-F asks payers to offer. A
        request sent here is reviewed by the same agents as a faxed request and appears in the workspace with an <strong>ePA (FHIR)</strong> badge: medication
        requests (a MedicationRequest item) as prior auths, services (ServiceRequest, DeviceRequest, NutritionOrder) as medical claims.
      </p>
      <h2 className="mt-8 text-xl font-semibold">Authentication</h2>
      <p className="mt-2">
        Send <code>Authorization: Bearer &lt;API key&gt;</code> with a key of the payer organization (Settings → API keys) and{" "}
        <code>Content-Type: application/fhir+json</code>. A key acts for its own organization only. Errors are one OperationOutcome with the HTTP status (400
        not a Bundle, 401 no or bad key, 403 missing permission, 404 nothing found, 422 profile or reference problems, every one listed).
      </p>
      <h2 className="mt-8 text-xl font-semibold">Operations</h2>
      <ul className="mt-2 space-y-3">
        <li>
          <code className="font-semibold">GET /fhir/metadata</code> — the CapabilityStatement.
        </li>
        {FHIR_OPERATIONS.map((o) => (
          <li key={o.name}>
            <code className="font-semibold">POST {o.path}</code> <span className="text-slate-500">(permission {o.permission})</span> — {o.documentation}
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-xl font-semibold">Review actions (X12 306)</h2>
      <table className="mt-2 w-full border-collapse text-left">
        <tbody>
          {ACTIONS.map(([code, label, text]) => (
            <tr key={code} className="border-t border-slate-200 align-top">
              <td className="py-2 pr-3 font-mono font-semibold">{code}</td>
              <td className="py-2 pr-3 whitespace-nowrap">{label}</td>
              <td className="py-2">{text}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 className="mt-8 text-xl font-semibold">Requests</h2>
      <p className="mt-2">
        Bundles are validated against the guide&apos;s profiles (profile-pas-request-bundle, profile-claim, ...). Every reference must resolve inside the
        bundle. The member is found by Coverage.subscriberId on the plan&apos;s roster; an unknown member is answered with a ClaimResponse of outcome{" "}
        <code>error</code> (X12 reject reason 75). PDF documents attached as DocumentReference (base64 <code>data</code>) are read like faxes, scanned pages
        included; text/plain attachments are read as clinical notes. Every response says in the claimResponseReviewer extension whether a person reviewed the
        decision and, when one did, their NPI and NUCC specialty.
      </p>
      <h2 className="mt-8 text-xl font-semibold">Updates and cancellations</h2>
      <p className="mt-2">
        Send the update to <code>$submit</code> with a profile-claim-update Claim whose <code>related.claim</code> references the earlier Claim, included in the
        bundle with its identifier. Items carry <code>infoChanged</code> (added, changed) or are cancelled (<code>modifierextension-infoCancelled</code> true,
        or certificationType 3). The same authorization is reviewed again: decisions a reviewer made are kept, cancelled items are answered C. A Claim with
        status <code>cancelled</code>, certificationType 3 on the Claim, or every item cancelled withdraws the whole request. $inquire with the earlier
        identifier answers the current request.
      </p>
      <h2 className="mt-8 text-xl font-semibold">Review reason codes (X12 886)</h2>
      <p className="mt-2">
        A3 and A4 items carry <code>reviewAction.reasonCode</code> (system <code>https://codesystem.x12.org/external/886</code>) beside the reason in words: 0F
        Not Medically Necessary (the policy&apos;s criteria are not met), 0R Service Inconsistent with Diagnosis, 0M Non-covered Service (a policy exclusion),
        0U Additional Patient Information required, 0V Requires Medical Review (including every AI denial awaiting a clinical reviewer), 0W Disposition pending
        review (the review is still running).
      </p>
      <h2 className="mt-8 text-xl font-semibold">Subscriptions</h2>
      <p className="mt-2">
        <code>POST /fhir/Subscription</code> (cases.write) a Subscription on the guide&apos;s topic{" "}
        <code>http://hl7.org/fhir/us/davinci-pas/SubscriptionTopic/PASSubscriptionTopic</code> (R4 Subscriptions Backport, profile-subscription): channel
        rest-hook, payload <code>application/fhir+json</code> with content full-resource, and one filter criteria <code>orgIdentifier=&lt;NPI&gt;</code> of the
        requesting provider organization. A key only ever subscribes to its own organization&apos;s requests. The answer (201) carries the signing secret once,
        in the extension <code>urn:pa-review:fhir:subscription-signing-secret</code>; <code>channel.header</code> lines are sent with every notification. A
        handshake is sent first and makes the subscription active. When a pended request is decided (by the engine, a clinical reviewer&apos;s sign-off or a
        reviewer&apos;s decision) the endpoint receives a history Bundle: the SubscriptionStatus (Parameters) and the full PAS response Bundle. Deliveries are
        signed (headers webhook-id, webhook-timestamp, webhook-signature, as webhooks), retried with backoff, and never sent to private addresses.{" "}
        <code>GET /fhir/Subscription</code>, <code>GET</code>/<code>DELETE /fhir/Subscription/&#123;id&#125;</code> and{" "}
        <code>GET /fhir/Subscription/&#123;id&#125;/$status</code> manage them; heartbeats are not offered.
      </p>
      <h2 className="mt-8 text-xl font-semibold">Not offered yet</h2>
      <p className="mt-2">SMART Backend Services authentication, subscription heartbeats, and A6 (modified) answers.</p>
    </main>
  );
}
