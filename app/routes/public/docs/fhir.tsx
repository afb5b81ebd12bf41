import type { Route } from "./+types/fhir";
import { FHIR_OPERATIONS } from "~/fhir/capability-statement";
import { SMART_TOKEN_PATH } from "~/fhir/smart-configuration";

const SMART_DISCOVERY_PATH = "/fhir/.well-known/smart-configuration";
const REGISTER_EXAMPLE = '{"name": "EHR vendor", "jwks_url": "https://ehr.example/jwks.json", "scopes": ["system/Claim.write", "system/ClaimResponse.read"]}';

/** Interaction, SMART scope, API key permission (app/fhir/fhir-interactions.ts FHIR_NEEDS). */
const SCOPE_TABLE = [
  ["POST /fhir/Claim/$submit (requests, updates, cancellations)", "system/Claim.write (system/Claim.c)", "cases.write"],
  ["POST /fhir/Claim/$inquire", "system/ClaimResponse.read (system/ClaimResponse.r)", "cases.read"],
  ["POST, DELETE /fhir/Subscription", "system/Subscription.write (.c, .d)", "cases.write"],
  ["GET /fhir/Subscription, /fhir/Subscription/{id}, $status", "system/Subscription.read (.s, .r)", "cases.read"],
  ["GET /fhir/Provenance?target=ClaimResponse/{id}, GET /fhir/Provenance/{id}", "system/Provenance.read (.s, .r)", "cases.read"],
] as const;

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
        Every call carries <code>Authorization: Bearer &lt;token&gt;</code> and <code>Content-Type: application/fhir+json</code>. The token is either an access
        token from SMART Backend Services (below) or an API key of the payer organization (Settings → API keys). Either acts for its own organization only.
        Errors are one OperationOutcome with the HTTP status (400 not a Bundle, 401 no, bad or expired token, 403 missing scope or permission, 404 nothing
        found, 422 profile or reference problems, every one listed).
      </p>
      <h3 className="mt-6 text-lg font-semibold">SMART Backend Services</h3>
      <p className="mt-2">
        HL7 SMART App Launch 2.2 Backend Services: the client credentials grant, authenticated by a JWT the client signs with its own private key (
        <code>private_key_jwt</code>). Discovery: <code>GET {SMART_DISCOVERY_PATH}</code> (also at <code>/.well-known/smart-configuration</code>) names the
        token endpoint, the signing algorithms (RS384, ES384) and the scopes.
      </p>
      <ol className="mt-2 list-decimal space-y-2 pl-6">
        <li>
          An administrator of the organization (permission keys.manage) registers the client under Settings → SMART Clients, or with{" "}
          <code>POST /api/o/&#123;orgId&#125;/smart_clients</code> <code>{REGISTER_EXAMPLE}</code>, giving its public keys inline (<code>jwks</code>) or the
          https URL where it publishes them (<code>jwks_url</code>), and the scopes it may be granted. The answer carries the generated <code>client_id</code>.{" "}
          <code>GET</code> lists the clients; <code>DELETE /api/o/&#123;orgId&#125;/smart_clients/&#123;id&#125;</code> revokes one, and its tokens stop working
          at once. A client never gets more than the administrator who registered it may do at the time of each call.
        </li>
        <li>
          The client signs a JWT (RS384 or ES384, header <code>kid</code> of a registered key) with <code>iss</code> = <code>sub</code> = its client_id,{" "}
          <code>aud</code> = the token endpoint URL, <code>exp</code> at most 5 minutes ahead and a unique <code>jti</code> (each jti is accepted once).
        </li>
        <li>
          It POSTs, form-encoded, to <code>{SMART_TOKEN_PATH}</code>: <code>grant_type=client_credentials</code>,{" "}
          <code>client_assertion_type=urn:ietf:params:oauth:client-assertion-type:jwt-bearer</code>, <code>client_assertion=&lt;JWT&gt;</code>,{" "}
          <code>scope=system/Claim.write system/ClaimResponse.read</code>. The answer is{" "}
          <code>&#123;access_token, token_type: &quot;bearer&quot;, expires_in, scope&#125;</code> with the granted scopes (those requested that the
          registration covers). Errors follow RFC 6749: 400 <code>invalid_request</code>, <code>unsupported_grant_type</code> or <code>invalid_scope</code>{" "}
          (nothing requested is registered); 401 <code>invalid_client</code> for an unknown or revoked client and for any problem with the assertion (signature,
          aud, expiry, replayed jti).
        </li>
      </ol>
      <table className="mt-3 w-full border-collapse text-left">
        <thead>
          <tr className="text-slate-500">
            <th className="py-1 pr-3 font-medium">Interaction</th>
            <th className="py-1 pr-3 font-medium">SMART scope</th>
            <th className="py-1 font-medium">API key permission</th>
          </tr>
        </thead>
        <tbody>
          {SCOPE_TABLE.map(([what, scope, permission]) => (
            <tr key={what} className="border-t border-slate-200 align-top">
              <td className="py-2 pr-3">{what}</td>
              <td className="py-2 pr-3 font-mono">{scope}</td>
              <td className="py-2 font-mono">{permission}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-2">
        Scopes may be written as in SMART 1 (<code>.read</code>, <code>.write</code>) or SMART 2 (<code>.c</code>, <code>.rs</code>, <code>.cruds</code>). A
        token without the scope an interaction needs is answered 403 with <code>WWW-Authenticate: Bearer error=&quot;insufficient_scope&quot;</code>.
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
      <h2 className="mt-8 text-xl font-semibold">Decision provenance</h2>
      <p className="mt-2">
        <code>GET /fhir/Provenance?target=ClaimResponse/&#123;id&#125;</code> (the id of a ClaimResponse this API answered) returns a searchset Bundle with one
        Provenance per decision behind it: for a prior auth each AI decision, for a medical claim each claim line&apos;s decision. Each names in{" "}
        <code>agent</code> the engine or model and its version (performer), the reviewer whose decision was recorded on it (verifier, with NPI) and the clinical
        reviewer who signed off a denial (attester, also as the resource&apos;s <code>signature</code>); in <code>entity</code> (role source) the coverage
        policy and the decision tree version with its effective date, each of the organization&apos;s AI rules that fired, and each evidence span the decision
        cites (document, page and quoted text); and in <code>recorded</code> when the decision was stored. <code>GET /fhir/Provenance/&#123;id&#125;</code>{" "}
        reads one by the id the search gave. A ClaimResponse of another organization gives an empty Bundle, and its Provenance ids answer 404.
      </p>
      <p className="mt-2">
        Every PAS response also says, in a <code>processNote</code>, whether AI assisted the decision and the source of the screening criteria (the coverage
        policy and decision tree version), as denial letters do.
      </p>
      <h2 className="mt-8 text-xl font-semibold">Not offered yet</h2>
      <p className="mt-2">Subscription heartbeats, and A6 (modified) answers.</p>
    </main>
  );
}
