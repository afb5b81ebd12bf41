/**
 * The prior-auth list table: sortable column headers (links, so sorting works before JavaScript),
 * patient link with the 'Intake required' badge, final-decision badge and a row actions menu.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { Link } from "react-router";
import { useHydrated } from "remix-utils/use-hydrated";
import { DecisionBadge, IntakeRequiredBadge, SubmissionBadge } from "./badges";
import { formatDay } from "./decision";
import { withParams } from "~/ui/modal";
import type { ListQuery, ListSortKey } from "./schemas";
import type { PriorAuthListRow } from "./types";

const COLUMNS: { key: ListSortKey; label: string; className?: string }[] = [
  { key: "patient_name", label: "Patient Name" },
  // narrow screens keep Patient, Final Decision and the actions; the rest moves under the patient
  { key: "medication_name", label: "Medication", className: "hidden sm:table-cell" },
  { key: "practitioner_name", label: "Practitioner", className: "hidden md:table-cell" },
  { key: "request_date", label: "Request Date", className: "hidden w-36 lg:table-cell" },
  { key: "final_decision", label: "Final Decision", className: "w-40" },
];

function SortIcon({ state }: { state: "asc" | "desc" | null }) {
  return (
    <svg viewBox="0 0 10 14" className={`h-3 w-2.5 ${state ? "text-indigo-600" : "text-slate-300 group-hover:text-slate-400"}`} aria-hidden="true">
      <path d="M5 1 1 5h8L5 1Z" fill="currentColor" opacity={state === "desc" ? 0.3 : 1} />
      <path d="M5 13 1 9h8l-4 4Z" fill="currentColor" opacity={state === "asc" ? 0.3 : 1} />
    </svg>
  );
}

function SortHeader({ column, query, search }: { column: (typeof COLUMNS)[number]; query: ListQuery; search: string }) {
  const active = query.sort === column.key;
  const nextDir = active && query.dir === "asc" ? "desc" : "asc";
  const to = withParams(search, { sort: column.key, dir: nextDir, page: null, modal: null, id: null });
  return (
    <th scope="col" aria-sort={active ? (query.dir === "asc" ? "ascending" : "descending") : "none"} className={`px-3 py-2.5 ${column.className ?? ""}`}>
      <Link to={to} className="group inline-flex items-center gap-1.5 hover:text-slate-800" preventScrollReset data-testid={`sort-${column.key}`}>
        {column.label}
        <SortIcon state={active ? query.dir : null} />
      </Link>
    </th>
  );
}

function RowActions({ row, search }: { row: PriorAuthListRow; search: string }) {
  const hydrated = useHydrated();
  const deleteTo = withParams(search, { modal: "delete", id: row.token });
  const label = `Actions for ${row.patient_name ?? "this prior auth"}`;
  if (!hydrated) {
    // Native disclosure: works before JavaScript loads.
    return (
      <details className="relative inline-block text-left">
        <summary className="cursor-pointer list-none rounded px-2 py-1 text-slate-500 hover:bg-slate-100" aria-label={label}>
          ⋯
        </summary>
        <div className="absolute right-0 z-10 mt-1 w-36 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg">
          <Link to={deleteTo} className="block rounded px-3 py-1.5 text-red-600 hover:bg-red-50" preventScrollReset>
            Delete
          </Link>
        </div>
      </details>
    );
  }
  return (
    <Menu>
      <MenuButton className="rounded px-2 py-1 text-slate-500 hover:bg-slate-100 hover:text-slate-700 data-open:bg-slate-100" aria-label={label}>
        ⋯
      </MenuButton>
      <MenuItems
        anchor="bottom end"
        className="z-30 w-36 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg [--anchor-gap:4px] focus:outline-none"
      >
        <MenuItem>
          <Link to={deleteTo} className="block rounded px-3 py-1.5 text-red-600 data-focus:bg-red-50" preventScrollReset>
            Delete
          </Link>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}

export function PriorAuthTable({ orgId, rows, query, search }: { orgId: string; rows: PriorAuthListRow[]; query: ListQuery; search: string }) {
  return (
    <div className="relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs">
      <table className="min-w-full divide-y divide-slate-200 text-sm" data-testid="prior-auth-table">
        <thead className="bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {COLUMNS.map((c) => (
              <SortHeader key={c.key} column={c} query={query} search={search} />
            ))}
            <th scope="col" className="w-12 px-3 py-2.5">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.token} className="hover:bg-slate-50/70" data-testid="prior-auth-row">
              <td className="px-3 py-2">
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/o/${orgId}/prior-auths/${row.token}`}
                    className="font-medium text-slate-900 hover:text-indigo-700 hover:underline"
                    data-testid="patient-link"
                  >
                    {row.patient_name || (row.intake_required ? "New prior auth" : "Unknown patient")}
                  </Link>
                  {row.intake_required && <IntakeRequiredBadge />}
                  {row.submission_type !== "fax" && <SubmissionBadge type={row.submission_type} />}
                </div>
                <div className="mt-0.5 text-xs text-slate-400">{row.time_ago_in_words ? `Received ${row.time_ago_in_words} ago` : null}</div>
                <div className="mt-0.5 text-xs text-slate-500 md:hidden">{[row.medication_name, row.practitioner_name].filter(Boolean).join(" · ")}</div>
              </td>
              <td className="hidden px-3 py-2 text-slate-700 sm:table-cell">{row.medication_name || <span className="text-slate-400">—</span>}</td>
              <td className="hidden px-3 py-2 text-slate-700 md:table-cell">{row.practitioner_name || <span className="text-slate-400">—</span>}</td>
              <td className="hidden px-3 py-2 text-slate-600 tabular-nums lg:table-cell">{formatDay(row.request_date)}</td>
              <td className="px-3 py-2">
                <DecisionBadge value={row.final_decision} />
              </td>
              <td className="px-3 py-2 text-right">
                <RowActions row={row} search={search} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Showing 11–20 of 34" and previous/next/page links (10 per page). */
export function Pagination({ total, page, perPage, search }: { total: number; page: number; perPage: number; search: string }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (total === 0) return null;
  const from = (page - 1) * perPage + 1;
  const to = Math.min(total, page * perPage);
  const link = (p: number) => withParams(search, { page: p === 1 ? null : p, modal: null, id: null });
  const numbers = Array.from({ length: pages }, (_, i) => i + 1).filter((p) => p === 1 || p === pages || Math.abs(p - page) <= 2);
  const base = "inline-flex min-w-8 items-center justify-center rounded-md px-2 py-1 text-sm";
  return (
    <nav className="flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600" aria-label="Pagination">
      <p data-testid="pagination-summary">
        Showing <span className="font-medium text-slate-900">{from}</span>–<span className="font-medium text-slate-900">{to}</span> of{" "}
        <span className="font-medium text-slate-900">{total}</span>
      </p>
      <div className="flex items-center gap-1">
        {page > 1 ? (
          <Link to={link(page - 1)} className={`${base} border border-slate-300 bg-white hover:bg-slate-50`} rel="prev">
            Previous
          </Link>
        ) : (
          <span className={`${base} border border-slate-200 text-slate-300`} aria-disabled="true">
            Previous
          </span>
        )}
        {numbers.map((p, i) => (
          <span key={p} className="flex items-center">
            {i > 0 && numbers[i - 1]! < p - 1 && <span className="px-1 text-slate-400">…</span>}
            {p === page ? (
              <span aria-current="page" className={`${base} bg-indigo-600 font-semibold text-white`}>
                {p}
              </span>
            ) : (
              <Link to={link(p)} className={`${base} text-slate-700 hover:bg-slate-100`} aria-label={`Page ${p}`}>
                {p}
              </Link>
            )}
          </span>
        ))}
        {page < pages ? (
          <Link to={link(page + 1)} className={`${base} border border-slate-300 bg-white hover:bg-slate-50`} rel="next">
            Next
          </Link>
        ) : (
          <span className={`${base} border border-slate-200 text-slate-300`} aria-disabled="true">
            Next
          </span>
        )}
      </div>
    </nav>
  );
}
