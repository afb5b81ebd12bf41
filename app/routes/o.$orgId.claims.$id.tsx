import { data, redirect, useLocation, useSearchParams } from "react-router";
import type { Route } from "./+types/o.$orgId.claims.$id";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { requirePermission } from "~/auth/permissions.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { JsonView, useCodeView } from "~/components/code-view";
import { readPageForm } from "~/lib/http.server";
import { queueClaimIntake } from "~/claims/create-claim.server";
import { getClaimDetail, overrideServiceLine, signOffAndSendLineDenial } from "~/claims/claim-review.server";
import { LineDenialLetterInput, OverrideServiceLineInput } from "~/claims/review-input";
import { createClaimGroundTruth, runClaimPrompt } from "~/prompts/claim-prompts.server";
import { ClaimCodeView, type ClaimCodeViewResult } from "~/claims/ui/claim-code-view";
import { IntakeScreen } from "~/prior-auths/ui/intake-screen";
import { LiveChannelProvider } from "~/prior-auths/ui/live-channel";
import { ClaimDetailView, CLAIM_LEFT_TABS, type ClaimDetailJson, type ClaimLeftTab } from "~/claims/ui/claim-detail";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";

export const meta: Route.MetaFunction = ({ data: d }) => {
  const p = d?.detail.patient;
  const name = p ? [p.first_name, p.last_name].filter(Boolean).join(" ") : null;
  return [{ title: `${name || "Medical claim"} · PA Review` }];
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const { organization } = await requireOrgMember(request, params.orgId, "cases.read");
  try {
    return { orgId: organization.id, detail: await getClaimDetail(await getDatabase(), organization.id, params.id) };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
    throw err;
  }
}

/**
 * intent=run_ai ('Complete intake with AI') · override (line, decision_type, reason) · denial_letter
 * (line, clinician_sign_off) · run_prompt (code view re-run of one section: prompt_type, section;
 * nothing on the claim changes) · ground_truth (prompt_type, section, expected, notes).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "cases.write");
  const { organization, user } = ctx;
  const database = await getDatabase();
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const line = String(form.get("line") ?? "");
  const here = `/o/${organization.id}/claims/${params.id}`;
  try {
    if (intent === "run_ai") {
      await queueClaimIntake(database, organization.id, params.id);
      return redirect(here);
    }
    if (intent === "override") {
      requirePermission(ctx, "cases.decide");
      const parsed = OverrideServiceLineInput.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data({ intent, line, error: parsed.error.issues[0]?.message ?? "Invalid input" }, { status: 422 });
      await overrideServiceLine(database, organization.id, params.id, line, { ...parsed.data, userId: user.id });
      return redirectWithToast(here, { type: "success", message: `Decision recorded: ${parsed.data.decision_type === "approve" ? "approved" : "denied"}` });
    }
    if (intent === "run_prompt") {
      const run = await runClaimPrompt(database, organization.id, params.id, { prompt_type: String(form.get("prompt_type") ?? "") });
      return { intent, section: String(form.get("section") ?? ""), run };
    }
    if (intent === "ground_truth") {
      const input = {
        claim_id: params.id,
        prompt_type: String(form.get("prompt_type") ?? ""),
        expected: String(form.get("expected") ?? ""),
        notes: String(form.get("notes") ?? ""),
      };
      await createClaimGroundTruth(database, organization.id, input, user.id);
      return { intent, section: String(form.get("section") ?? ""), groundTruthSaved: true };
    }
    if (intent === "denial_letter") {
      requirePermission(ctx, "denials.sign_off");
      const parsed = LineDenialLetterInput.safeParse(Object.fromEntries(form));
      if (!parsed.success) return data({ intent, line, error: parsed.error.issues[0]?.message ?? "Invalid input" }, { status: 422 });
      await signOffAndSendLineDenial(database, organization.id, params.id, line, { ...parsed.data, userId: user.id });
      return redirectWithToast(here, { type: "success", message: "Denial letter sent" });
    }
  } catch (err) {
    if (isAppError(err)) return data({ intent, line, section: String(form.get("section") ?? ""), error: err.message }, { status: err.status });
    throw err;
  }
  throw new Response("Bad Request", { status: 400 });
}

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, detail } = loaderData;
  const [searchParams] = useSearchParams();
  const { search } = useLocation();
  const { codeView } = useCodeView();
  const result = actionData as { intent: string; line: string; error?: string } | undefined;
  const tabParam = searchParams.get("tab");
  const tab: ClaimLeftTab = CLAIM_LEFT_TABS.some((t) => t.id === tabParam) ? (tabParam as ClaimLeftTab) : "services";
  const side = searchParams.get("side") === "document" ? "document" : "decision";
  const c = detail.claim;
  return (
    <LiveChannelProvider url={`/api/o/${orgId}/claims/${c.token}/events`}>
      {codeView && c.intake_finished ? (
        <ClaimCodeView detail={detail as unknown as ClaimDetailJson} result={actionData as ClaimCodeViewResult | undefined} />
      ) : codeView ? (
        <div className="p-6">
          <JsonView value={detail} />
        </div>
      ) : !c.intake_finished ? (
        <IntakeScreen
          orgId={orgId}
          priorAuth={{
            token: c.token,
            created_at: c.created_at,
            intake_status: c.intake_status,
            intake_step: c.intake_step,
            intake_error: c.intake_error,
            submission_type: c.submission_type,
          }}
          pdfUrl={detail.fax?.pdf_url ?? null}
          epaText={detail.epa_submission?.synthetic_document ?? null}
          actionError={result?.intent === "run_ai" ? result.error : null}
          back={{ to: `/o/${orgId}/claims`, label: "Medical Claims" }}
          scanningLabel="Scanning claim"
          description="The AI reads the claim, checks eligibility, reviews each service line against the plan's medical policies, audits the result and proposes a decision per line."
        />
      ) : (
        <ClaimDetailView
          detail={detail as unknown as ClaimDetailJson}
          tab={tab}
          side={side}
          search={search}
          lineError={result?.error ? { line: result.line, intent: result.intent, message: result.error } : null}
        />
      )}
    </LiveChannelProvider>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
