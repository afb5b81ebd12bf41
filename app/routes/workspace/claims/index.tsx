import { data, Form, Link, useLocation, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { readPageForm } from "~/lib/http.server";
import { createClaim, createX12Claims, deleteClaim } from "~/claims/create-claim.server";
import { formatIssue, X12IntakeError } from "~/claims/x12-837p";
import { listClaims } from "~/claims/claim-review.server";
import { DeleteModal, Modal, withoutParams, withParams } from "~/ui/modal";
import { FaxSimulationForm } from "~/prior-auths/ui/fax-simulation-form";
import { card, FormAlert, primaryButton, secondaryButton, Spinner } from "~/ui/styles";
import { Badge } from "~/prior-auths/ui/badges";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { useLiveList } from "~/ui/use-live-list";

export const meta: Route.MetaFunction = () => [{ title: "Medical Claims · PA Review" }];

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "cases.read");
  const { organization } = ctx;
  await recordAuditEvent(ctx, request, { action: "claim.list", resource_type: "claim" }); // names patients: a PHI read
  return { orgId: organization.id, claims: await listClaims(await getDatabase(), organization.id) };
}

/**
 * intent=fax (multipart `fax.file`, 'Medical Claim fax simulation') creates a claim and opens its
 * intake; intent=x12 (multipart `file`, 'Upload 837P') creates one claim per CLM of an X12 837P file
 * and opens the first (segment errors are listed, nothing is created); intent=delete (`id`).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "cases.write");
  const database = await getDatabase();
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const base = `/o/${organization.id}/claims`;
  try {
    if (intent === "fax") {
      const file = form.get("fax.file") ?? form.get("file");
      const upload = file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name } : null;
      const claim = await createClaim(database, organization.id, { submission_type: "fax", file: upload });
      return redirectWithToast(`${base}/${claim.id}`, { type: "success", message: "Claim received. Intake started." });
    }
    if (intent === "x12") {
      const file = form.get("file");
      const upload = file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name } : null;
      try {
        const claims = await createX12Claims(database, organization.id, upload);
        const message = claims.length === 1 ? "837P claim received. Intake started." : `${claims.length} claims received from the 837P file. Intake started.`;
        return redirectWithToast(claims.length === 1 ? `${base}/${claims[0].id}` : base, { type: "success", message });
      } catch (err) {
        if (!(err instanceof X12IntakeError)) throw err;
        return data(
          { intent, error: "The 837P file was not accepted: nothing was created.", issues: err.issues.map(formatIssue) },
          { status: err.syntax ? 400 : 422 },
        );
      }
    }
    if (intent === "delete") {
      await deleteClaim(database, organization.id, String(form.get("id") ?? ""));
      return redirectWithToast(base, { type: "success", message: "Claim deleted" });
    }
  } catch (err) {
    if (isAppError(err)) return data({ intent, error: err.message }, { status: err.status });
    throw err;
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function ClaimsList({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, claims } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const search = location.search;
  const { codeView } = useCodeView();
  useLiveList(orgId, "claim");
  const modal = searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(search, "modal", "id")}`;
  const result = actionData as { intent: string; error?: string; issues?: string[] } | undefined;
  const deleting = modal === "delete" ? claims.find((c) => c.token === searchParams.get("id")) : undefined;

  return (
    <div className="mx-auto max-w-6xl space-y-4 p-6">
      <PageHeader
        title="Medical Claims"
        description="Medical claims and medical requests: one AI decision per service line against the plan's medical policies."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to={withParams(search, { modal: "claim_x12", id: null })} className={secondaryButton} preventScrollReset>
              Upload 837P
            </Link>
            <Link to={withParams(search, { modal: "claim_fax", id: null })} className={primaryButton} preventScrollReset>
              Medical Claim fax simulation
            </Link>
          </div>
        }
      />
      {codeView ? (
        <JsonView value={claims} />
      ) : claims.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="empty-list">
          <h2 className="text-sm font-semibold text-slate-900">No medical claims yet</h2>
          <p className="mt-1 text-sm text-slate-500">Upload a claim or medical request fax with Medical Claim fax simulation.</p>
        </div>
      ) : (
        <div className={`${card} relative overflow-x-auto`}>
          <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="claims-table">
            <thead className="bg-slate-50">
              <tr className="text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <th className="px-4 py-3">Name</th>
                <th className="px-4 py-3">
                  <span className="sm:hidden">Lines</span>
                  <span className="hidden sm:inline">Service requests</span>
                </th>
                <th className="hidden px-4 py-3 sm:table-cell">Created</th>
                <th className="px-4 py-3">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 bg-white">
              {claims.map((c) => (
                <tr key={c.token} data-testid="claim-row">
                  <td className="px-4 py-3">
                    {c.patient_name ? (
                      <Link to={c.token} className="font-medium text-indigo-700 hover:underline">
                        {c.patient_name}
                      </Link>
                    ) : (
                      <Link to={c.token} className="font-medium text-indigo-700 hover:underline">
                        Process intake
                      </Link>
                    )}
                    {!c.intake_finished && c.intake_status !== "pending" && (
                      <Badge tone={c.intake_status === "failed" ? "red" : "amber"} className="ml-2">
                        {c.intake_status === "failed" ? "Intake failed" : "Intake running"}
                      </Badge>
                    )}
                  </td>
                  <td className="px-4 py-3 text-slate-700">{c.service_requests_size}</td>
                  <td className="hidden px-4 py-3 text-slate-500 sm:table-cell" title={c.created_at}>
                    {c.time_ago_in_words} ago
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Link
                      to={withParams(search, { modal: "delete", id: c.token })}
                      preventScrollReset
                      className="text-sm font-medium text-red-600 hover:text-red-800"
                      aria-label={`Delete claim ${c.patient_name ?? c.token}`}
                    >
                      Delete
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Modal
        open={modal === "claim_fax"}
        title="Medical Claim fax simulation"
        description="Simulate a medical claim or medical request arriving by fax."
        closeTo={closeTo}
        size="lg"
        testId="claim-fax-modal"
      >
        <FaxSimulationForm
          serverError={result?.intent === "fax" ? result.error : null}
          cancelTo={closeTo}
          fileField="fax.file"
          submitLabel="Submit claim"
          help="A faxed medical claim (CMS-1500), medical PA request or letter of medical necessity (PDF only, up to 25 MB). Scanned pages are read with OCR."
          hiddenFields={{ submission_type: "fax" }}
        />
      </Modal>
      <Modal
        open={modal === "claim_x12"}
        title="Upload 837P"
        description="An X12 837P (005010X222A1) professional claim file: one claim per CLM, each line decided against the plan's medical policies."
        closeTo={closeTo}
        size="lg"
        testId="claim-x12-modal"
      >
        <X12UploadForm
          cancelTo={closeTo}
          error={result?.intent === "x12" ? (result.error ?? null) : null}
          issues={result?.intent === "x12" ? (result.issues ?? []) : []}
        />
      </Modal>
      <DeleteModal
        open={modal === "delete"}
        title="Delete claim"
        closeTo={closeTo}
        testId="delete-modal"
        id={searchParams.get("id") ?? ""}
        detail={
          deleting && (
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
              {deleting.patient_name ?? "Claim awaiting intake"} · {deleting.service_requests_size} service request(s)
            </p>
          )
        }
        error={result?.intent === "delete" ? result.error : null}
      />
    </div>
  );
}

/** The 837P upload: a plain multipart form (works without JavaScript); segment errors listed under it. */
function X12UploadForm({ cancelTo, error, issues }: { cancelTo: string; error: string | null; issues: string[] }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "x12";
  return (
    <Form method="post" encType="multipart/form-data" className="space-y-4">
      <input type="hidden" name="intent" value="x12" />
      <input type="hidden" name="submission_type" value="x12_837p" />
      <FormAlert message={error} />
      {issues.length > 0 && (
        <ul className="max-h-48 list-disc space-y-1 overflow-y-auto pl-5 text-sm text-red-700" data-testid="x12-errors">
          {issues.map((i) => (
            <li key={i}>{i}</li>
          ))}
        </ul>
      )}
      <div>
        <label htmlFor="x12-file" className="mb-1 block text-sm font-medium text-slate-700">
          837P file
        </label>
        <input
          id="x12-file"
          name="file"
          type="file"
          accept=".x12,.837,.837p,.edi,.txt,text/plain"
          aria-describedby="x12-file-help"
          className="block w-full cursor-pointer rounded-md border border-dashed border-slate-300 bg-slate-50 p-3 text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white hover:file:bg-indigo-500"
        />
        <p id="x12-file-help" className="mt-1 text-xs text-slate-500">
          The interchange as sent to a payer (ISA … IEA), up to 5 MB. A file with any segment error is refused whole.
        </p>
      </div>
      <div className="flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Link to={cancelTo} className={secondaryButton} preventScrollReset>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy && <Spinner />}
          {busy ? "Submitting…" : "Submit 837P"}
        </button>
      </div>
    </Form>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
