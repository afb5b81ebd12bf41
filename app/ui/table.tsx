/**
 * The workspace's data table: columns with a header, a cell renderer per column, an optional sort
 * link in the header, an empty state, and a frame that scrolls sideways on narrow screens (the table
 * keeps its width; nothing is cut at 390 px). Headless about the data: rows are whatever the page
 * has, each column says how to render one.
 *
 *   <Table
 *     testId="runs-table"
 *     rows={runs}
 *     rowKey={(r) => r.token}
 *     rowProps={() => ({ "data-testid": "run-row", className: "align-top" })}
 *     columns={[
 *       { key: "status", header: "Status", cell: (r) => <RunStatusBadge status={r.status} /> },
 *       { key: "duration", header: "Duration", align: "right", cell: (r) => formatMs(r.duration_ms) },
 *     ]}
 *     empty={<EmptyState ... />}
 *   />
 *
 * Column classes are added to the defaults; `padding` replaces the default cell padding of that
 * column (Tailwind has no "last class wins", so an override must replace, not add).
 */
import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";
import { Link } from "react-router";

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T, index: number) => ReactNode;
  align?: "left" | "right" | "center";
  /** classes on both the header and the cells, e.g. "hidden md:table-cell" or "sticky left-0" */
  className?: string;
  /** classes on the header cell only */
  headerClassName?: string;
  /** classes on the body cells only */
  cellClassName?: string;
  /** replaces the table's padding for this column: "px-2 py-3" for header and cells, or each its own */
  padding?: string | { head: string; cell: string };
  /** the cell is the row's header (`<th scope="row">`), as in a metrics table */
  rowHeader?: boolean;
  /** the header is a link that sorts by this column; `direction` marks the current sort */
  sort?: { href: string; direction?: "asc" | "desc" | null };
  /** header title (a longer description on hover) */
  title?: string;
  /** attributes of each body cell (data-*, title, colSpan) */
  cellProps?: (row: T, index: number) => CellAttributes;
}

type DataAttributes = { [data: `data-${string}`]: string | number | boolean | undefined };
type RowAttributes = HTMLAttributes<HTMLTableRowElement> & DataAttributes;
type CellAttributes = Omit<TdHTMLAttributes<HTMLTableCellElement>, "className" | "children"> & DataAttributes;

export interface TableProps<T> {
  columns: readonly TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string;
  /** attributes of each body row (data-testid, data-*, className) */
  rowProps?: (row: T, index: number) => RowAttributes;
  /** shown instead of the table when there are no rows (omit to show the empty table) */
  empty?: ReactNode;
  /** data-testid of the <table> */
  testId?: string;
  /** a caption for assistive technology (visually hidden) */
  caption?: string;
  /** rows after the data rows (totals, a summary row spanning columns) */
  extraRows?: ReactNode;
  /** "card": bordered white card (default); "plain": inside a card the page already draws */
  frame?: "card" | "plain";
  /** "md" (default) or "sm": tighter rows for dense figures */
  density?: "md" | "sm";
  /** uppercase, tracked header labels (default true) */
  uppercaseHeader?: boolean;
  /** the header row's background (default true) */
  shadedHeader?: boolean;
}

const ALIGN = { left: "text-left", right: "text-right", center: "text-center" } as const;
const PADDING = { md: { head: "px-4 py-2.5", cell: "px-4 py-3" }, sm: { head: "px-4 py-2", cell: "px-4 py-2" } } as const;

const headPadding = (p: TableColumn<unknown>["padding"]) => (typeof p === "object" ? p.head : p);
const cellPadding = (p: TableColumn<unknown>["padding"]) => (typeof p === "object" ? p.cell : p);

function SortLink({ header, sort }: { header: ReactNode; sort: NonNullable<TableColumn<unknown>["sort"]> }) {
  const arrow = sort.direction === "asc" ? "↑" : sort.direction === "desc" ? "↓" : null;
  return (
    <Link to={sort.href} preventScrollReset className="inline-flex items-center gap-1 hover:text-slate-800">
      {header}
      {arrow && <span aria-hidden="true">{arrow}</span>}
    </Link>
  );
}

export function Table<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  empty,
  testId,
  caption,
  extraRows,
  frame = "card",
  density = "md",
  uppercaseHeader = true,
  shadedHeader = true,
}: TableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <>{empty}</>;
  const pad = PADDING[density];
  // `relative`: visually hidden labels (absolutely positioned) scroll with the table instead of widening the page
  const frameClass = frame === "card" ? "relative overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-xs" : "relative overflow-x-auto";
  const headClass = `${shadedHeader ? "bg-slate-50" : ""} text-xs font-semibold text-slate-500 ${uppercaseHeader ? "tracking-wide uppercase" : ""}`;
  return (
    <div className={frameClass}>
      <table className={`min-w-full text-sm ${shadedHeader ? "divide-y divide-slate-200" : ""}`} data-testid={testId}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className={headClass}>
          <tr>
            {columns.map((c) => (
              <th
                key={c.key}
                scope="col"
                title={c.title}
                aria-sort={c.sort?.direction === "asc" ? "ascending" : c.sort?.direction === "desc" ? "descending" : undefined}
                className={`${headPadding(c.padding) ?? pad.head} ${ALIGN[c.align ?? "left"]} ${c.className ?? ""} ${c.headerClassName ?? ""}`}
              >
                {c.sort ? <SortLink header={c.header} sort={c.sort} /> : c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} {...rowProps?.(row, i)}>
              {columns.map((c) => {
                const className = `${cellPadding(c.padding) ?? pad.cell} ${ALIGN[c.align ?? "left"]} ${c.className ?? ""} ${c.cellClassName ?? ""}`;
                return c.rowHeader ? (
                  <th key={c.key} scope="row" className={className} {...c.cellProps?.(row, i)}>
                    {c.cell(row, i)}
                  </th>
                ) : (
                  <td key={c.key} className={className} {...c.cellProps?.(row, i)}>
                    {c.cell(row, i)}
                  </td>
                );
              })}
            </tr>
          ))}
          {extraRows}
        </tbody>
      </table>
    </div>
  );
}

/** The dashed empty-state card shown instead of a table without rows: a title, a line of text, actions. */
export function TableEmpty({ title, children, actions, testId }: { title: string; children?: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center" data-testid={testId}>
      <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
      {children && <p className="mt-1 text-sm text-slate-500">{children}</p>}
      {actions && <div className="mt-4 flex justify-center gap-2">{actions}</div>}
    </div>
  );
}
