import { data, Link, redirect, useLocation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import type { Route } from "./+types/$id";
import { requireOrgMember } from "~/auth/require-org-member.server";
import { can, requirePermission } from "~/auth/permissions.server";
import { recordAuditEvent } from "~/audit/record-audit-event.server";
import { getDatabase } from "~/lib/db.server";
import { isAppError } from "~/lib/errors";
import { redirectWithToast } from "~/lib/toast.server";
import { useCodeView } from "~/components/code-view";
import {
  createChatMessage,
  createChatThread,
  createGroundTruth,
  generateDenialLetter,
  getPriorAuthDetail,
  getPrompt,
  listChatMessages,
  latestChatThreadId,
  queueIntake,
  recordHumanDecision,
  runPrompt,
  startAiChatReply,
} from "~/prior-auths/index.server";
import { ChatMessageSchema, DenialLetterSchema, OverrideSchema } from "~/prior-auths/ui/schemas";
import { IntakeScreen } from "~/prior-auths/ui/intake-screen";
import { LEFT_TABS, PriorAuthDetailView, type LeftTab } from "~/prior-auths/ui/prior-auth-detail";
import { LiveChannelProvider } from "~/prior-auths/ui/live-channel";
import { Modal, withoutParams, withParams } from "~/ui/modal";
import { DenialLetterForm, ExplanationContent, OverrideForm, useRerunToast } from "~/prior-auths/ui/decision-panel";
import { PromptRunner, type PromptRunJson } from "~/prior-auths/ui/prompt-modal";
import { orNotFound, readPageForm, rethrowNotFound } from "~/lib/http.server";
import { correctFields } from "~/prior-auths/field-corrections.server";
import { CORRECTABLE_FIELDS, isCorrectableField } from "~/prior-auths/correctable-fields";
import { CanCorrectContext, CorrectFieldsForm } from "~/prior-auths/ui/correct-fields";
import { WorkspaceErrorBoundary } from "~/components/error-boundary";
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
  RecordAppealFormSchema,
} from "~/appeals/ui/appeals-panel";

export const meta: Route.MetaFunction = ({ data: d }) => {
  const p = d?.detail.patient;
  const name = p ? [p.first_name, p.last_name].filter(Boolean).join(" ") : null;
  return [{ title: `${name || "Prior auth"} · PA Review` }];
};

/** The case; plus the chat thread's messages (?thread=) and the prompt being re-run (?modal=prompt). */
export async function loader({ request, params }: Route.LoaderArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "cases.read");
  const { organization } = ctx;
  const database = await getDatabase();
  const url = new URL(request.url);
  const detail = await orNotFound(getPriorAuthDetail(database, organization.id, params.id));
  await recordAuditEvent(ctx, request, {
    action: "prior_auth.view",
    resource_type: "prior_auth",
    resource_id: detail.prior_auth.token,
    prior_auth_id: detail.prior_auth.token,
  });
  const threadId = url.searchParams.get("thread") ?? (await latestChatThreadId(database, organization.id, detail.prior_auth.token));
  const messages = threadId ? await listChatMessages(database, organization.id, threadId, { priorAuthId: detail.prior_auth.token }).catch(() => null) : null;
  const prompt =
    url.searchParams.get("modal") === "prompt" ? await getPrompt(database, url.searchParams.get("prompt_type") ?? "decision").catch(() => null) : null;
  const appeals = await getCaseAppeals(database, organization.id, detail.prior_auth.token);
  const appealPermissions = { extend: can(ctx, "cases.decide"), recordAppeal: can(ctx, "cases.write"), decideAppeal: can(ctx, "denials.sign_off") };
  return {
    orgId: organization.id,
    detail,
    chat: { threadId: messages ? threadId : null, messages: messages ?? [] },
    prompt,
    canAudit: can(ctx, "audit.read"),
    /** correcting a value read from the request needs cases.write (the action checks it too) */
    canCorrect: can(ctx, "cases.write"),
    appeals,
    appealPermissions,
  };
}

/** Skip reloading the case when only the visible tab or a plain modal changes. */
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && formMethod !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const key = (u: URL) => {
    const p = new URLSearchParams(u.search);
    const prompt = p.get("modal") === "prompt";
    for (const k of ["tab", "side", "modal"]) p.delete(k);
    p.sort();
    return `${prompt}|${p}`;
  };
  return key(currentUrl) !== key(nextUrl) ? defaultShouldRevalidate : false;
}

/**
 * intent=run_ai (Complete intake with AI / Retry) · rerun_decision (policy changed / code view Re-run:
 * the same intake job, which saves a new AI decision and keeps every human one) · override · denial_letter · chat_start ·
 * chat_message · run_prompt · ground_truth · extend_time_frame · record_appeal · decide_appeal ·
 * correct_field (`field` and `value`, repeated: a reviewer's correction of values read from the request).
 * Each calls one domain function (a chat question also starts its AI reply).
 */
export async function action({ request, params }: Route.ActionArgs) {
  const ctx = await requireOrgMember(request, params.orgId, "cases.write");
  const { organization, user } = ctx;
  const database = await getDatabase();
  const form = await readPageForm(request);
  const intent = String(form.get("intent") ?? "");
  const paId = params.id;
  const here = `/o/${organization.id}/prior-auths/${paId}`;
  // Chat redirects keep the tabs the reviewer had open (the form posts to the current URL).
  const withThread = (threadId: string) => `${here}${withParams(new URL(request.url).searchParams, { thread: threadId, index: null, modal: null })}#chat`;
  try {
    switch (intent) {
      case "run_ai": {
        await queueIntake(database, organization.id, paId);
        return redirect(here);
      }
      case "rerun_decision": {
        await queueIntake(database, organization.id, paId);
        // answered in place (useRerunToast shows the toast from this reply): a flash cookie read by the
        // redirect's loaders could be consumed by a live refresh that the queued job's event starts
        return { intent, queued: true };
      }
      case "override": {
        requirePermission(ctx, "cases.decide");
        const submission = parseWithZod(form, { schema: OverrideSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
        const { ai_decision_id, decision_type, reason } = submission.value;
        await recordHumanDecision(database, organization.id, paId, ai_decision_id, { decision_type, reason }, user.id);
        return redirectWithToast(here, { type: "success", message: decision_type === "approve" ? "Decision recorded: approved" : "Decision recorded: denied" });
      }
      case "denial_letter": {
        requirePermission(ctx, "denials.sign_off");
        const submission = parseWithZod(form, { schema: DenialLetterSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
        const letter = await generateDenialLetter(database, organization.id, paId, {
          userId: user.id,
          clinician_sign_off: true,
          letter_form_id: submission.value.letter_form_id || undefined,
        });
        return { intent, letter: { token: letter.token, pdf_url: letter.pdf_url, denial_reason: letter.denial_reason, form_name: letter.letter_form.name } };
      }
      case "extend_time_frame": {
        requirePermission(ctx, "cases.decide");
        const submission = parseWithZod(form, { schema: ExtendFormSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
        const extension = await extendTimeFrame(database, organization.id, paId, formFields(form), user.id);
        await recordAuditEvent(ctx, request, {
          action: "prior_auth.extend_time_frame",
          resource_type: "time_frame_extension",
          resource_id: extension.token,
          prior_auth_id: paId,
        });
        return redirectWithToast(here, { type: "success", message: `Time frame extended by ${extension.days} days` });
      }
      case "record_appeal": {
        const submission = parseWithZod(form, { schema: RecordAppealFormSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
        const appeal = await recordAppeal(database, organization.id, paId, formFields(form), user.id);
        await recordAuditEvent(ctx, request, { action: "appeal.record", resource_type: "appeal", resource_id: appeal.token, prior_auth_id: paId });
        return redirectWithToast(here, { type: "success", message: "Appeal recorded" });
      }
      case "decide_appeal": {
        requirePermission(ctx, "denials.sign_off");
        const submission = parseWithZod(form, { schema: DecideAppealFormSchema });
        if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 422 });
        const appeal = await decideAppeal(database, organization.id, paId, submission.value.appeal_id, formFields(form), user.id);
        await recordAuditEvent(ctx, request, { action: "appeal.decide", resource_type: "appeal", resource_id: appeal.token, prior_auth_id: paId });
        return redirectWithToast(here, {
          type: "success",
          message: appeal.outcome === "overturned" ? "Appeal decided: approved after appeal" : "Appeal decided: denial upheld",
        });
      }
      case "correct_field": {
        // a reviewer corrects values read from the request (issue 24, item 6): kept over AI re-runs
        const fields = form.getAll("field").map(String);
        const values = form.getAll("value").map((v) => (typeof v === "string" ? v : ""));
        const changed = await correctFields(
          database,
          organization.id,
          paId,
          fields.map((field, i) => ({ field, value: values[i] ?? "" })),
          { user_id: user.id, user_email: user.email },
        );
        for (const field of changed)
          await recordAuditEvent(ctx, request, {
            action: "prior_auth.correct_field",
            resource_type: "field_correction",
            resource_id: field,
            prior_auth_id: paId,
          });
        return redirectWithToast(here, {
          type: "success",
          message: changed.length ? `Corrected: ${changed.map((f) => CORRECTABLE_FIELDS[f].label).join(", ")}` : "Nothing changed",
        });
      }
      case "chat_start": {
        const thread = await createChatThread(database, organization.id, paId);
        return redirect(withThread(thread.token));
      }
      case "chat_message": {
        const threadId = String(form.get("thread") ?? "");
        const submission = parseWithZod(form, { schema: ChatMessageSchema });
        if (submission.status !== "success") return data({ intent, error: submission.error?.content?.[0] ?? "Type a question." }, { status: 422 });
        await createChatMessage(database, organization.id, threadId, submission.value.content, { priorAuthId: paId });
        await startAiChatReply(database, organization.id, threadId, { priorAuthId: paId });
        return redirect(withThread(threadId));
      }
      case "run_prompt": {
        const run = await runPrompt(database, organization.id, paId, {
          prompt_type: String(form.get("prompt_type") ?? ""),
          system_prompt: String(form.get("system_prompt") ?? ""),
          user_prompt: String(form.get("user_prompt") ?? ""),
          json_schema: String(form.get("json_schema") ?? ""),
          evaluation_mode: form.get("evaluation_mode") === "on",
        });
        return { intent, run };
      }
      case "ground_truth": {
        await createGroundTruth(
          database,
          organization.id,
          {
            prior_auth_id: paId,
            prompt_type: String(form.get("prompt_type") ?? ""),
            expected: String(form.get("expected") ?? ""),
            notes: String(form.get("notes") ?? ""),
          },
          user.id,
        );
        return { intent, groundTruthSaved: true };
      }
    }
  } catch (err) {
    if (isAppError(err)) {
      rethrowNotFound(err);
      return data({ intent, error: err.message }, { status: err.status });
    }
    throw err;
  }
  throw new Response("Bad Request", { status: 400 });
}

/** The form's text fields as a plain object (the domain parses them with the same schema as the /api). */
function formFields(form: FormData): Record<string, string> {
  return Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === "string"));
}

type ActionData = {
  intent: string;
  error?: string;
  result?: SubmissionResult<string[]>;
  letter?: { token: string; pdf_url: string; denial_reason?: string | null; form_name?: string | null };
  run?: PromptRunJson;
  groundTruthSaved?: boolean;
};

export default function PriorAuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orgId, detail, chat, prompt, canAudit, canCorrect, appeals, appealPermissions } = loaderData;
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const { codeView } = useCodeView();
  const result = actionData as ActionData | undefined;
  useRerunToast();
  const pa = detail.prior_auth;
  const events = `/api/o/${orgId}/prior_auths/${pa.token}/events`;

  if (pa.intake_status !== "succeeded") {
    return (
      <LiveChannelProvider url={events}>
        <IntakeScreen
          orgId={orgId}
          priorAuth={pa}
          pdfUrl={detail.fax?.s3_signed_url ?? null}
          epaText={detail.epa_submission?.synthetic_document ?? null}
          actionError={result?.intent === "run_ai" ? result.error : null}
        />
      </LiveChannelProvider>
    );
  }

  const tabParam = searchParams.get("tab");
  const tab: LeftTab = LEFT_TABS.some(([k]) => k === tabParam) ? (tabParam as LeftTab) : "intake";
  const side = searchParams.get("side") === "criteria" && detail.coverage_policy ? "criteria" : "documents";
  const modal = searchParams.get("modal");
  const closeTo = `${location.pathname}${withoutParams(location.search, "modal", "prompt_type", "field")}`;
  // ?modal=correct&field=patient.name (first and last name) or one correctable field
  const fieldParam = searchParams.get("field") ?? "";
  const correcting =
    fieldParam === "patient.name" ? (["patient.first_name", "patient.last_name"] as const) : isCorrectableField(fieldParam) ? [fieldParam] : [];
  const errorFor = (intent: string) => (result?.intent === intent ? (result.error ?? null) : null);

  return (
    <LiveChannelProvider url={events}>
      <CanCorrectContext.Provider value={canCorrect}>
        <PriorAuthDetailView
          orgId={orgId}
          detail={detail}
          codeView={codeView}
          tab={tab}
          side={side}
          chat={chat}
          headerBadges={<AppealBadges state={appeals} />}
          afterDecision={<AppealsPanel state={appeals} can={appealPermissions} />}
          outcome={appeals.appeal_outcome === "approved_after_appeal" ? "approved" : null}
        >
          {canAudit && (
            <div className="mx-auto max-w-[1600px] px-6 pb-6 text-right text-xs">
              <Link
                to={`/o/${orgId}/settings/audit-log?case=${encodeURIComponent(pa.token)}`}
                className="font-medium text-slate-500 hover:text-indigo-600"
                data-testid="case-access-log"
              >
                PHI access log of this case →
              </Link>
            </div>
          )}
          <Modal open={modal === "explanation" && Boolean(detail.ai_decision)} title="Explanation" closeTo={closeTo} size="lg" testId="explanation-modal">
            <ExplanationContent detail={detail} />
          </Modal>
          <Modal open={modal === "override" && detail.can_override} title="Override decision" closeTo={closeTo} size="md" testId="override-modal">
            <OverrideForm
              detail={detail}
              lastResult={result?.intent === "override" ? result.result : undefined}
              error={errorFor("override")}
              cancelTo={closeTo}
            />
          </Modal>
          <Modal
            open={modal === "letter" && (detail.can_send_denial_letter || Boolean(result?.letter))}
            title="Send denial letter"
            closeTo={closeTo}
            size="md"
            testId="letter-modal"
          >
            <DenialLetterForm
              detail={detail}
              lastResult={result?.intent === "denial_letter" ? result.result : undefined}
              error={errorFor("denial_letter")}
              letter={result?.letter ?? null}
              cancelTo={closeTo}
            />
          </Modal>
          <Modal
            open={modal === "extend" && appealPermissions.extend && !appeals.extension_blocked}
            title="Extend time frame"
            closeTo={closeTo}
            size="md"
            testId="extend-modal"
          >
            <ExtendTimeFrameForm
              dueAt={pa.due_at}
              lastResult={result?.intent === "extend_time_frame" ? result.result : undefined}
              error={errorFor("extend_time_frame")}
              cancelTo={closeTo}
            />
          </Modal>
          <Modal
            open={modal === "appeal" && appealPermissions.recordAppeal && !appeals.appeal_blocked}
            title="Record appeal"
            closeTo={closeTo}
            size="md"
            testId="appeal-modal"
          >
            <RecordAppealForm
              lastResult={result?.intent === "record_appeal" ? result.result : undefined}
              error={errorFor("record_appeal")}
              cancelTo={closeTo}
            />
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
                lastResult={result?.intent === "decide_appeal" ? result.result : undefined}
                error={errorFor("decide_appeal")}
                cancelTo={closeTo}
              />
            )}
          </Modal>
          <Modal
            open={modal === "correct" && canCorrect && correcting.length > 0}
            title="Correct a value read from the request"
            closeTo={closeTo}
            size="md"
            testId="correct-modal"
          >
            <CorrectFieldsForm detail={detail} fields={correcting} error={errorFor("correct_field")} cancelTo={closeTo} />
          </Modal>
          <Modal
            open={modal === "prompt"}
            title={`Re-run prompt · ${prompt?.prompt_type ?? searchParams.get("prompt_type") ?? ""}`}
            closeTo={closeTo}
            size="full"
            testId="prompt-modal"
          >
            {prompt ? (
              <PromptRunner
                prompt={prompt}
                run={result?.intent === "run_prompt" ? result.run : null}
                error={errorFor("run_prompt") ?? errorFor("ground_truth")}
                groundTruthSaved={result?.intent === "ground_truth" && result.groundTruthSaved}
              />
            ) : (
              <p className="text-sm text-red-700">An error occured</p>
            )}
          </Modal>
        </PriorAuthDetailView>
      </CanCorrectContext.Provider>
    </LiveChannelProvider>
  );
}

/** Errors of this page render inside the workspace shell (404: a helpful not-found page). */
export function ErrorBoundary() {
  return <WorkspaceErrorBoundary />;
}
