import { data, Form, Link, useLocation, useSearchParams } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { Route } from "./+types/index";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { PageHeader } from "~/components/page";
import { createPriorAuthFromEpa, createPriorAuthFromFax } from "~/prior-auths/create-prior-auth.server";
import { findDuplicateFax, type DuplicateUpload } from "~/prior-auths/find-duplicate-upload.server";
import { listPriorAuths } from "~/prior-auths/list-prior-auths.server";
import { deletePriorAuth } from "~/prior-auths/delete-prior-auth.server";
import { generateSyntheticPriorAuthDocument } from "~/prior-auths/generate-synthetic-prior-auth.server";
import { ListPriorAuthsPageQuerySchema, SyntheticCreateSchema, SyntheticDescribeSchema } from "~/prior-auths/ui/schemas";
import { Pagination, PriorAuthTable } from "~/prior-auths/ui/prior-auth-table";
import { DeleteModal, Modal, withoutParams, withParams } from "~/ui/modal";
import { FaxSimulationForm } from "~/prior-auths/ui/fax-simulation-form";
import { SyntheticPriorAuthForm, type SyntheticState } from "~/prior-auths/ui/synthetic-form";
import { inputClass, primaryButton, secondaryButton } from "~/ui/styles";
import { readPageForm } from "~/lib/http.server";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { useLiveList } from "~/ui/use-live-list";

export const meta: Route.MetaFunction = () => [{ title: "Prior Auths · PA Review" }];

const PER_PAGE = 10;

export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "cases.read");
  const { organization } = ctx;
  // The list shows patients' names: a PHI read (HIPAA §164.312(b)), recorded like a case view.
  await recordAuditEvent(ctx, request, { action: "prior_auth.list", resource_type: "prior_auth" });
  const query = ListPriorAuthsPageQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const list = await listPriorAuths(await getDatabase(), organization.id, { ...query, perPage: PER_PAGE });
  return { orgId: organization.id, query, list };
}

/**
 * intent=fax (multipart `file`; answers 409 with `duplicate` when the same file was received in the
 * last 30 days, unless create_anyway=1) or create_epa (`synthetic_document`) create a case and open its
 * intake page; intent=generate returns a synthetic ePA document to edit; intent=delete (`id`).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "cases.write");
  const database = await getDatabase();
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const base = `/o/${organization.id}/prior-auths`;
  try {
    if (intent === "fax") {
      const file = form.get("file");
      const upload = file instanceof File && file.size > 0 ? { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name } : null;
      // the same fax received again: offer the existing case first ("Create anyway" sends create_anyway=1)
      const duplicate = upload && form.get("create_anyway") !== "1" ? await findDuplicateFax(database, organization.id, upload.bytes) : null;
      if (duplicate) return data({ intent, duplicate }, { status: 409 });
      const pa = await createPriorAuthFromFax(database, organization.id, upload);
      return redirectWithToast(`${base}/${pa.id}`, { type: "success", message: "Prior auth received. Intake started." });
    }
    if (intent === "generate") {
      const submission = parseWithZod(form, { schema: SyntheticDescribeSchema });
      if (submission.status !== "success") return data({ intent, generateResult: submission.reply() }, { status: 422 });
      // the domain answers the /api shape {synthetic_prior_auth: {document}}; the modal edits the text
      const { synthetic_prior_auth } = await generateSyntheticPriorAuthDocument(database, organization.id, submission.value.description);
      return { intent, description: submission.value.description, document: synthetic_prior_auth.document };
    }
    if (intent === "create_epa") {
      const submission = parseWithZod(form, { schema: SyntheticCreateSchema });
      if (submission.status !== "success")
        return data({ intent, createResult: submission.reply(), document: String(form.get("synthetic_document") ?? "") }, { status: 422 });
      const pa = await createPriorAuthFromEpa(database, organization.id, submission.value.synthetic_document);
      return redirectWithToast(`${base}/${pa.id}`, { type: "success", message: "ePA created. Intake started." });
    }
    if (intent === "delete") {
      await deletePriorAuth(database, organization.id, String(form.get("id") ?? ""));
      return redirectWithToast(base, { type: "success", message: "Prior auth deleted" });
    }
  } catch (err) {
    if (isAppError(err)) return data({ intent, error: err.message }, { status: err.status });
    throw err;
  }
  throw new Response("Bad Request", { status: 400 });
}

type ActionData = {
  intent: string;
  error?: string;
  duplicate?: DuplicateUpload;
  description?: string;
  document?: string;
  generateResult?: unknown;
  createResult?: unknown;
};

export default function PriorAuthList({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, query, list } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const search = location.search;
  const { codeView } = useCodeView();
  useLiveList(orgId, "prior_auth");

  const modal = searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(search, "modal", "id")}`;
  const result = actionData as ActionData | undefined;
  const deleting = modal === "delete" ? list.prior_auths.find((p) => p.token === searchParams.get("id")) : undefined;
  const synthetic: SyntheticState = {
    description: result?.description,
    document: result?.document,
    generateResult: result?.intent === "generate" ? (result.generateResult as SyntheticState["generateResult"]) : undefined,
    createResult: result?.intent === "create_epa" ? (result.createResult as SyntheticState["createResult"]) : undefined,
    error: result?.intent === "generate" || result?.intent === "create_epa" ? result.error : null,
  };

  return (
    <div className="mx-auto max-w-7xl space-y-4 p-6">
      <PageHeader
        title="Prior Auths"
        description="Incoming prior authorization requests. Open a case to run intake or review its decision."
        actions={
          <>
            <Link to={withParams(search, { modal: "fax", id: null })} className={secondaryButton} preventScrollReset>
              Fax Simulation
            </Link>
            <Link to={withParams(search, { modal: "synthetic", id: null })} className={primaryButton} preventScrollReset>
              + Prior Auth
            </Link>
          </>
        }
      />

      <Form method="get" role="search" className="flex max-w-md items-center gap-2">
        {query.sort !== "created_at" && <input type="hidden" name="sort" value={query.sort} />}
        {query.sort !== "created_at" && <input type="hidden" name="dir" value={query.dir} />}
        <label htmlFor="pa-search" className="sr-only">
          Search prior auths
        </label>
        <input id="pa-search" type="search" name="q" defaultValue={query.q} placeholder="Search patient, medication, practitioner…" className={inputClass} />
        <button type="submit" className={secondaryButton}>
          Search
        </button>
        {query.q && (
          <Link to={location.pathname} className="text-sm whitespace-nowrap text-slate-500 hover:text-slate-800">
            Clear
          </Link>
        )}
      </Form>

      {codeView ? (
        <JsonView value={list} />
      ) : list.total === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid="empty-list">
          <h2 className="text-sm font-semibold text-slate-900">{query.q ? `No prior auths match “${query.q}”` : "No prior auths yet"}</h2>
          <p className="mt-1 text-sm text-slate-500">
            {query.q ? "Try another name, medication or practitioner." : "Upload a fax with Fax Simulation, or generate a synthetic ePA with Prior Auth."}
          </p>
        </div>
      ) : (
        <>
          <PriorAuthTable orgId={orgId} rows={list.prior_auths} query={query} search={search} />
          <Pagination total={list.total} page={list.page} perPage={list.per_page} search={search} />
        </>
      )}

      <Modal
        open={modal === "fax"}
        title="Fax Simulation"
        description="Simulate a prior authorization request arriving by fax."
        closeTo={closeTo}
        size="lg"
        testId="fax-modal"
      >
        <FaxSimulationForm
          serverError={result?.intent === "fax" ? result.error : null}
          duplicate={result?.intent === "fax" && result.duplicate ? { ...result.duplicate, href: `/o/${orgId}/prior-auths/${result.duplicate.token}` } : null}
          cancelTo={closeTo}
        />
      </Modal>
      <Modal
        open={modal === "synthetic"}
        title="Generate a synthetic prior auth"
        description="Describe a case; the generated ePA document can be edited before it is created."
        closeTo={closeTo}
        size="lg"
        testId="synthetic-modal"
      >
        <SyntheticPriorAuthForm state={synthetic} cancelTo={closeTo} />
      </Modal>
      <DeleteModal
        open={modal === "delete"}
        title="Delete prior auth"
        closeTo={closeTo}
        testId="delete-modal"
        id={searchParams.get("id") ?? ""}
        detail={
          deleting && (
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600">
              {deleting.patient_name ?? "Unnamed case"}
              {deleting.medication_name ? ` · ${deleting.medication_name}` : ""}
            </p>
          )
        }
        error={result?.intent === "delete" ? result.error : null}
      />
    </div>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
