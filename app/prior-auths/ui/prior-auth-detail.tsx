/**
 * The case detail after intake: header (back link, submitted-on date, EPA/Fax badge, regulatory
 * clock, decision), the decision panel, left tabs (Intake, Formulary, Policy Criteria Check) and the
 * right sidebar (Documents with the chat, Criteria with the coverage policy). Tabs and modals are
 * query parameters (?tab=, ?side=, ?modal=) so every view is a link that works before JavaScript.
 * Clicking a citation anywhere opens the cited page in the viewer with the quote highlighted.
 */
import { useCallback, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { useIdleRevalidate } from "~/ui/use-idle-revalidate";
import type { PriorAuthDetail } from "~/prior-auths/schemas";
import type { ChatMessageJson } from "~/chat/chat.server";
import { Badge, HeaderDecision, SubmissionBadge, WithdrawnBadge } from "./badges";
import { CitationProvider } from "./citations";
import { formatDateTime } from "./decision";
import { withoutParams, withParams } from "~/ui/modal";
import { PdfViewer, type PdfHighlight } from "./pdf-viewer";
import { EpaDocument } from "./epa-document";
import { FormularyTab, IntakeTab, PolicyCriteriaTab } from "./case-panels";
import { DecisionPanel, PolicyChangedNotice, PossibleDuplicatesNotice } from "./decision-panel";
import { UnreadPagesNotice } from "~/components/unread-pages-notice";
import { ChatPanel } from "./chat-panel";
import { LiveDot, useLiveConnected, useLiveEvents } from "./live-channel";
import type { CitationJson } from "./types";

type Detail = PriorAuthDetail;

export const LEFT_TABS = [
  ["intake", "Intake"],
  ["formulary", "Formulary"],
  ["criteria", "Policy Criteria Check"],
] as const;
export type LeftTab = (typeof LEFT_TABS)[number][0];

function TabLinks<K extends string>({
  tabs,
  active,
  param,
  search,
  label,
  defaultKey,
}: {
  tabs: readonly (readonly [K, string])[];
  active: K;
  param: string;
  search: string;
  label: string;
  defaultKey: K;
}) {
  return (
    <nav aria-label={label} className="flex gap-1 border-b border-slate-200">
      {tabs.map(([key, text]) => (
        <Link
          key={key}
          to={withParams(search, { [param]: key === defaultKey ? null : key, modal: null })}
          preventScrollReset
          replace
          aria-current={active === key ? "page" : undefined}
          className={`-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap ${active === key ? "border-indigo-600 text-indigo-700" : "border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800"}`}
        >
          {text}
        </Link>
      ))}
    </nav>
  );
}

function RegulatoryClock({ pa, decided }: { pa: Detail["prior_auth"]; decided: boolean }) {
  const expedited = pa.urgency === "expedited";
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600" data-testid="regulatory-clock">
      <span>
        {expedited ? "Expedited (72 h)" : "Standard (7 days)"} · due <time dateTime={pa.due_at}>{formatDateTime(pa.due_at)}</time>
      </span>
      {pa.on_time ? <Badge tone="green">{decided ? "Decided on time" : "On time"}</Badge> : <Badge tone="red">{decided ? "Decided late" : "Overdue"}</Badge>}
    </div>
  );
}

export function PriorAuthDetailView({
  orgId,
  detail,
  codeView,
  tab,
  side,
  chat,
  children,
  headerBadges,
  afterDecision,
  outcome,
}: {
  orgId: string;
  detail: Detail;
  codeView: boolean;
  tab: LeftTab;
  side: "documents" | "criteria";
  chat: { threadId: string | null; messages: ChatMessageJson[] };
  /** the page's modals: rendered inside the citation context so their citations open the viewer */
  children?: React.ReactNode;
  /** extra badges beside the regulatory clock (time-frame extension, appeal outcome) */
  headerBadges?: React.ReactNode;
  /** a card under the decision panel (time frame and appeals) */
  afterDecision?: React.ReactNode;
  /** the case's outcome when something after the decisions settled it ("approved" after an overturned appeal) */
  outcome?: string | null;
}) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const revalidate = useIdleRevalidate();
  const connected = useLiveConnected();
  const [highlight, setHighlight] = useState<(PdfHighlight & { target: "documents" | "criteria" }) | null>(null);
  const pa = detail.prior_auth;
  const human = detail.decision;
  const headerValue = outcome ?? (human ? (human.decision_type === "approve" ? "approved" : "denied") : (detail.ai_decision?.final_decision ?? null));
  const patientName = [detail.patient?.first_name, detail.patient?.last_name].filter(Boolean).join(" ") || "Unknown patient";

  useLiveEvents((event) => {
    if (event === "decision" || event === "completed") revalidate();
  });

  const openCitation = useCallback(
    (c: CitationJson) => {
      const target = (c.document ?? "").toLowerCase().startsWith("policy") ? "criteria" : "documents";
      setHighlight({ page: Math.max(1, c.page || 1), text: c.text, nonce: Date.now(), target });
      const next = withParams(withoutParams(search, "modal", "prompt_type"), { side: target === "criteria" ? "criteria" : null });
      navigate(`${pathname}${next}`, { preventScrollReset: true, replace: true });
    },
    [search, pathname, navigate],
  );

  const docHighlight = highlight?.target === "documents" ? highlight : null;
  const policyHighlight = highlight?.target === "criteria" ? highlight : null;

  return (
    <CitationProvider value={openCitation}>
      <div className="mx-auto max-w-[1600px] space-y-4 p-6" data-testid="prior-auth-detail">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b border-slate-200 pb-4">
          <div className="min-w-0 space-y-1">
            <Link to={`/o/${orgId}/prior-auths`} className="inline-flex items-center gap-1 text-sm font-medium text-slate-500 hover:text-slate-900">
              <span aria-hidden="true">←</span> Prior Auths
            </Link>
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-xl font-semibold text-slate-900">{patientName}</h1>
              {pa.medication_name && <span className="text-lg text-slate-500">· {pa.medication_name}</span>}
              <SubmissionBadge type={pa.submission_type} />
            </div>
            <p className="text-sm text-slate-500">
              Submitted on <time dateTime={pa.created_at}>{formatDateTime(pa.created_at)}</time>
              {detail.practitioner?.full_name && <> · Prescriber {detail.practitioner.full_name}</>}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <RegulatoryClock
                pa={pa}
                decided={Boolean(human) || Boolean(detail.ai_decision && detail.ai_decision.final_decision !== "needs_more_information")}
              />
              <WithdrawnBadge withdrawn={pa.withdrawn} />
              {headerBadges}
            </div>
          </div>
          <div className="flex flex-col items-end gap-2">
            <Link
              to={withParams(search, { modal: detail.ai_decision ? "explanation" : null })}
              preventScrollReset
              aria-label="Decision"
              className="rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <HeaderDecision value={headerValue} />
            </Link>
            <LiveDot connected={connected} />
          </div>
        </header>

        <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <div className="min-w-0 space-y-4">
            <PolicyChangedNotice detail={detail} />
            <UnreadPagesNotice pages={detail.unread_pages} />
            <PossibleDuplicatesNotice detail={detail} orgId={orgId} />
            <DecisionPanel detail={detail} codeView={codeView} />
            {afterDecision}
            <TabLinks tabs={LEFT_TABS} active={tab} param="tab" search={search} label="Case sections" defaultKey="intake" />
            {tab === "intake" && <IntakeTab detail={detail} codeView={codeView} />}
            {tab === "formulary" && <FormularyTab detail={detail} codeView={codeView} />}
            {tab === "criteria" && <PolicyCriteriaTab detail={detail} codeView={codeView} />}
          </div>

          <aside className="min-w-0 space-y-4 xl:sticky xl:top-4 xl:self-start">
            <TabLinks
              tabs={
                detail.coverage_policy
                  ? ([
                      ["documents", "Documents"],
                      ["criteria", "Criteria"],
                    ] as const)
                  : ([["documents", "Documents"]] as const)
              }
              active={side}
              param="side"
              search={search}
              label="Sidebar"
              defaultKey="documents"
            />
            {side === "documents" || !detail.coverage_policy ? (
              <>
                {detail.fax ? (
                  <PdfViewer file={detail.fax.s3_signed_url} label="fax" highlight={docHighlight} className="h-[72vh]" />
                ) : detail.epa_submission ? (
                  <EpaDocument text={detail.epa_submission.synthetic_document} highlight={docHighlight} className="max-h-[72vh]" />
                ) : (
                  <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-500">No document is attached.</p>
                )}
                <ChatPanel threadId={chat.threadId} messages={chat.messages} />
              </>
            ) : (
              <div className="space-y-2">
                <p className="text-sm text-slate-600">
                  Coverage policy: <span className="font-medium text-slate-900">{detail.coverage_policy.drug_name}</span>
                </p>
                {detail.coverage_policy.file_url ? (
                  <PdfViewer file={detail.coverage_policy.file_url} label="coverage policy" highlight={policyHighlight} className="h-[75vh]" />
                ) : (
                  <div className="rounded-lg border border-dashed border-slate-300 bg-white p-6 text-sm text-slate-500">
                    This policy was entered as text; no PDF is available.
                    {policyHighlight && <p className="mt-2 text-slate-700 italic">“{policyHighlight.text}”</p>}
                  </div>
                )}
              </div>
            )}
          </aside>
        </div>
      </div>
      {children}
    </CitationProvider>
  );
}
