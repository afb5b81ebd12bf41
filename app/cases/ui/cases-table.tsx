/**
 * The Cases queue table: case (with its kind: prior auth or medical claim), urgency, due time,
 * status, decision (a claim's per-line breakdown under it), assignee (Assign to me).
 */
import { Form, Link } from "react-router";
import type { CaseRecord, CaseStatus } from "../case-record";
import { Badge, DecisionBadge } from "~/prior-auths/ui/badges";
import { formatDateTime } from "~/prior-auths/ui/decision";
import { Table, TableEmpty, type TableColumn } from "~/ui/table";
import { dueLabel } from "./due-label";

const KIND_LABEL: Record<CaseRecord["kind"], string> = { prior_auth: "Prior auth", claim: "Medical claim" };
const KIND_TONE: Record<CaseRecord["kind"], "slate" | "sky"> = { prior_auth: "slate", claim: "sky" };

/** "3 lines: 2 approved · 1 denied" for a case decided per line; null for other kinds. */
export function lineSummary(c: Pick<CaseRecord, "lines">): string | null {
  const l = c.lines;
  if (!l) return null;
  if (l.total === 0) return "No service lines";
  const parts = [
    l.approved && `${l.approved} approved`,
    l.denied && `${l.denied} denied`,
    l.awaiting_sign_off && `${l.awaiting_sign_off} awaiting sign-off`,
    l.outreach && `${l.outreach} need${l.outreach === 1 ? "s" : ""} information`,
    l.pending && `${l.pending} pending`,
  ].filter(Boolean);
  return `${l.total} line${l.total === 1 ? "" : "s"}: ${parts.join(" · ")}`;
}

/** The decision badge; a claim denied on some lines and approved on others reads "Partially denied". */
function CaseDecisionBadge({ c }: { c: CaseRecord }) {
  if (c.decision === "denied" && c.lines && c.lines.approved > 0)
    return (
      <Badge tone="red" data-testid="decision-badge">
        Partially denied
      </Badge>
    );
  return <DecisionBadge value={c.decision} />;
}
const STATUS: Record<CaseStatus, { label: string; tone: "indigo" | "slate" | "amber" | "green" }> = {
  intake: { label: "Intake required", tone: "indigo" },
  review: { label: "In review", tone: "slate" },
  outreach: { label: "Outreach", tone: "amber" },
  decided: { label: "Decided", tone: "green" },
};

/** What one row shows, computed once per case for its cells. */
function rowView(c: CaseRecord, now: string) {
  const due = dueLabel(c.due_at, now);
  const open = c.status !== "decided";
  const urgencyBadge = c.urgency === "expedited" ? <Badge tone="red">Expedited</Badge> : <Badge tone="slate">Standard</Badge>;
  const dueText = open ? <span className={due.overdue ? "font-semibold text-red-700" : ""}>{due.text}</span> : <>due {formatDateTime(c.due_at)}</>;
  const statusBadge =
    c.status === "review" && c.decision === "denied" ? (
      <Badge tone="amber" title="An AI denial becomes final only after a clinician signs it off">
        Awaiting sign-off
      </Badge>
    ) : (
      <Badge tone={STATUS[c.status].tone}>{STATUS[c.status].label}</Badge>
    );
  return { urgencyBadge, dueText, statusBadge, lines: lineSummary(c) };
}

export function CasesTable({ cases, orgId, userId, now, redirectTo }: { cases: CaseRecord[]; orgId: string; userId: string; now: string; redirectTo: string }) {
  const wide = "hidden md:table-cell";
  const columns: TableColumn<CaseRecord>[] = [
    {
      key: "case",
      header: "Case",
      cell: (c) => {
        const v = rowView(c, now);
        return (
          <>
            <Link to={`/o/${orgId}/${c.path}`} className="font-medium text-slate-900 hover:text-indigo-700">
              {c.patient_name ?? "Patient not yet extracted"}
            </Link>
            <p className="mt-0.5 text-xs text-slate-500">
              <Badge tone={KIND_TONE[c.kind]} data-testid="case-kind" className="mr-1">
                {KIND_LABEL[c.kind]}
              </Badge>
              {c.subject ?? "—"} · received {formatDateTime(c.received_at)}
            </p>
            {/* narrow screens: due, status and decision under the case instead of in their own columns */}
            <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-slate-500 md:hidden">
              {v.urgencyBadge} {v.statusBadge} <CaseDecisionBadge c={c} /> <span>{v.dueText}</span>
              {v.lines && <span className="basis-full">{v.lines}</span>}
            </div>
          </>
        );
      },
    },
    {
      key: "due",
      header: "Due",
      className: wide,
      cellClassName: "whitespace-nowrap",
      cell: (c) => {
        const v = rowView(c, now);
        return (
          <>
            <div className="flex items-center gap-1.5">{v.urgencyBadge}</div>
            <p className="mt-1 text-xs text-slate-500" title={formatDateTime(c.due_at)}>
              {v.dueText}
            </p>
          </>
        );
      },
    },
    { key: "status", header: "Status", className: wide, cell: (c) => rowView(c, now).statusBadge },
    {
      key: "decision",
      header: "Decision",
      className: wide,
      cell: (c) => {
        const lines = lineSummary(c);
        return (
          <>
            <CaseDecisionBadge c={c} />
            {lines && (
              <p className="mt-1 text-xs text-slate-500" data-testid="case-lines">
                {lines.split(" · ").map((part, i) => (
                  <span key={part} className="whitespace-nowrap">
                    {i > 0 && " · "}
                    {part}
                  </span>
                ))}
              </p>
            )}
          </>
        );
      },
    },
    {
      key: "assignee",
      header: "Assignee",
      cell: (c) => {
        const mine = c.assignee_id === userId;
        return (
          <Form method="post" className="flex flex-col items-start gap-1 sm:flex-row sm:items-center sm:gap-2">
            <input type="hidden" name="kind" value={c.kind} />
            <input type="hidden" name="case_id" value={c.id} />
            <input type="hidden" name="redirect_to" value={redirectTo} />
            <span className={c.assignee_name ? "text-slate-700" : "text-slate-400"} data-testid="assignee">
              {mine ? "You" : (c.assignee_name ?? "Unassigned")}
            </span>
            {mine ? (
              <button type="submit" name="intent" value="unassign" className="text-xs font-medium text-slate-500 hover:text-slate-800">
                Unassign
              </button>
            ) : (
              <button type="submit" name="intent" value="assign" className="text-xs font-medium text-indigo-600 hover:text-indigo-800">
                Assign to me
              </button>
            )}
          </Form>
        );
      },
    },
  ];
  return (
    <Table
      testId="cases-table"
      columns={columns}
      rows={cases}
      rowKey={(c) => `${c.kind}:${c.id}`}
      rowProps={(c) => ({ "data-testid": "case-row", "data-case-id": c.id, "data-kind": c.kind, className: "align-top" })}
      empty={
        <TableEmpty title="No cases match" testId="cases-empty">
          Change the filters, or submit a prior auth or a medical claim to start the queue.
        </TableEmpty>
      }
    />
  );
}
