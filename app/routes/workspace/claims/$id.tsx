import { data, redirect, useLocation, useSearchParams } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/$id";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { can, requirePermission } from "~/auth/permissions.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { assignCase } from "~/cases/assign-case.server";
import { getCaseAppeals } from "~/appeals/get-case-appeals.server";
import { extendTimeFrame } from "~/appeals/extend-time-frame.server";
import { decideAppeal, recordAppeal } from "~/appeals/record-appeal.server";
import {
  AppealBadges,
  AppealsPanel,
  DecideAppealForm,
  DecideAppealFormSchema,
  ExtendFormSchema,
  ExtendTimeFrameForm,
  RecordAppealForm,
  RecordClaimAppealFormSchema,
} from "~/appeals/ui/appeals-panel";
import { Modal, withoutParams } from "~/ui/modal";
import { ClaimCaseBar } from "~/claims/ui/claim-case-bar";
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
  const ctx = await requireOrgMember(request, params.orgId, "cases.read");
  const { organization, user } = ctx;
  try {
    const database = await getDatabase();
    const detail = await getClaimDetail(database, organization.id, params.id);
    // A claim page shows the patient's claim: a PHI read, recorded as the API's claim view is.
    await recordAuditEvent(ctx, request, { action: "claim.view", resource_type: "claim", resource_id: detail.claim.token });
    const appeals = await getCaseAppeals(database, organization.id, { kind: "claim", id: detail.claim.token });
    return {
      orgId: organization.id,
      userId: user.id,
      now: new Date().toISOString(),
      detail,
      appeals,
      appealPermissions: { extend: can(ctx, "cases.decide"), recordAppeal: can(ctx, "cases.write"), decideAppeal: can(ctx, "denials.sign_off") },
      canAssign: can(ctx, "cases.write"),
    };
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") throw new Response("Not Found", { status: 404 });
    throw err;
  }
}

/**
 * intent=run_ai ('Complete intake with AI') · override (line, decision_type, reason) · denial_letter
 * (line, clinician_sign_off) · run_prompt (code view re-run of one section: prompt_type, section;
 * nothing on the claim changes) · ground_truth (prompt_type, section, expected, notes) ·
 * extend_time_frame · record_appeal (service_request_ids) · decide_appeal (app/appeals) · assign /
 * unassign (the signed-in member, as on the Cases queue).
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
    if (intent === "assign" || intent === "unassign") {
      await assignCase(database, organization.id, "claim", params.id, intent === "assign" ? user.id : null);
      return redirectWithToast(here, { type: "success", message: intent === "assign" ? "Claim assigned to you" : "Claim unassigned" });
    }
    const ref = { kind: "claim" as const, id: params.id };
    if (intent === "extend_time_frame") {
      requirePermission(ctx, "cases.decide");
      const submission = parseWithZod(form, { schema: ExtendFormSchema });
      if (submission.status !== "success") return data({ intent, line, result: submission.reply() }, { status: 422 });
      const extension = await extendTimeFrame(database, organization.id, ref, submission.value, user.id);
      await recordAuditEvent(ctx, request, { action: "claim.extend_time_frame", resource_type: "time_frame_extension", resource_id: extension.token });
      return redirectWithToast(here, { type: "success", message: `Time frame extended by ${extension.days} days` });
    }
    if (intent === "record_appeal") {
      const submission = parseWithZod(form, { schema: RecordClaimAppealFormSchema });
      if (submission.status !== "success") return data({ intent, line, result: submission.reply() }, { status: 422 });
      const { intent: _intent, ...input } = submission.value;
      const appeal = await recordAppeal(database, organization.id, ref, input, user.id);
      await recordAuditEvent(ctx, request, { action: "appeal.record", resource_type: "appeal", resource_id: appeal.token });
      return redirectWithToast(here, { type: "success", message: "Appeal recorded" });
    }
    if (intent === "decide_appeal") {
      requirePermission(ctx, "denials.sign_off");
      const submission = parseWithZod(form, { schema: DecideAppealFormSchema });
      if (submission.status !== "success") return data({ intent, line, result: submission.reply() }, { status: 422 });
      const appeal = await decideAppeal(database, organization.id, ref, submission.value.appeal_id, submission.value, user.id);
      await recordAuditEvent(ctx, request, { action: "appeal.decide", resource_type: "appeal", resource_id: appeal.token });
      return redirectWithToast(here, {
        type: "success",
        message: appeal.outcome === "overturned" ? "Appeal decided: appealed lines approved after appeal" : "Appeal decided: denial upheld",
      });
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
  const { orgId, detail, appeals, appealPermissions, userId, canAssign, now } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { search } = location;
  const { codeView } = useCodeView();
  const result = actionData as { intent: string; line: string; error?: string; result?: SubmissionResult<string[]> } | undefined;
  const modal = searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(search, "modal")}`;
  const errorFor = (intent: string) => (result?.intent === intent ? (result.error ?? null) : null);
  const resultFor = (intent: string) => (result?.intent === intent ? result.result : undefined);
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
          lineError={result?.error && result.line ? { line: result.line, intent: result.intent, message: result.error } : null}
          headerBadges={<AppealBadges state={appeals} />}
          caseBar={
            <ClaimCaseBar
              urgency={c.urgency}
              dueAt={appeals.due_at}
              determined={appeals.determined}
              assignee={c.assignee}
              userId={userId}
              canAssign={canAssign}
              now={now}
            />
          }
          footer={<AppealsPanel state={appeals} can={appealPermissions} />}
        />
      )}
      <Modal
        open={modal === "extend" && appealPermissions.extend && !appeals.extension_blocked}
        title="Extend time frame"
        closeTo={closeTo}
        size="md"
        testId="extend-modal"
      >
        <ExtendTimeFrameForm dueAt={appeals.due_at} lastResult={resultFor("extend_time_frame")} error={errorFor("extend_time_frame")} cancelTo={closeTo} />
      </Modal>
      <Modal
        open={modal === "appeal" && appealPermissions.recordAppeal && !appeals.appeal_blocked}
        title="Record appeal"
        closeTo={closeTo}
        size="md"
        testId="appeal-modal"
      >
        <RecordAppealForm lastResult={resultFor("record_appeal")} error={errorFor("record_appeal")} cancelTo={closeTo} lines={appeals.appealable} />
      </Modal>
      <Modal
        open={modal === "decide_appeal" && appealPermissions.decideAppeal && Boolean(appeals.open_appeal)}
        title="Decide appeal"
        closeTo={closeTo}
        size="md"
        testId="decide-appeal-modal"
      >
        {appeals.open_appeal && (
          <DecideAppealForm
            appeal={appeals.open_appeal}
            lastResult={resultFor("decide_appeal")}
            error={errorFor("decide_appeal")}
            cancelTo={closeTo}
            overturnNote="Overturning it approves the appealed service lines (approved after appeal); their original decisions stay in the decision trail."
          />
        )}
      </Modal>
    </LiveChannelProvider>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
