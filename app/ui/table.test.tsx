import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Table, TableEmpty, type TableColumn } from "./table";

type Row = { id: string; name: string; n: number };
const rows: Row[] = [
  { id: "a", name: "Alpha", n: 1 },
  { id: "b", name: "Beta", n: 2 },
];
const columns: TableColumn<Row>[] = [
  { key: "name", header: "Name", rowHeader: true, sort: { href: "?sort=name", direction: "asc" }, cell: (r) => r.name },
  { key: "n", header: "Count", align: "right", padding: { head: "px-2 py-2", cell: "px-2 py-3" }, cellProps: () => ({ "data-col": "n" }), cell: (r) => r.n },
];
const render = (el: React.ReactElement) => renderToStaticMarkup(<MemoryRouter>{el}</MemoryRouter>);

describe("Table", () => {
  it("renders a header per column, a cell per column and row, and the row attributes", () => {
    const html = render(<Table testId="t" columns={columns} rows={rows} rowKey={(r) => r.id} rowProps={(r) => ({ "data-testid": "row", "data-id": r.id })} />);
    expect(html).toContain('data-testid="t"');
    expect(html.match(/<tr data-testid="row"/g)).toHaveLength(2);
    expect(html).toContain('<th scope="row"');
    expect(html).toMatch(/<td class="px-2 py-3 text-right[^"]*" data-col="n">2<\/td>/);
    expect(html).toContain('aria-sort="ascending"');
    expect(html).toMatch(/<a [^>]*href="\/\?sort=name"[^>]*>Name<span aria-hidden="true">↑<\/span><\/a>/);
  });

  it("scrolls sideways inside a positioned frame (visually hidden labels cannot widen the page)", () => {
    const html = render(<Table columns={columns} rows={rows} rowKey={(r) => r.id} />);
    expect(html).toMatch(/^<div class="relative overflow-x-auto/);
  });

  it("shows the empty state instead of the table when there are no rows", () => {
    const html = render(<Table columns={columns} rows={[]} rowKey={(r) => r.id} empty={<TableEmpty title="Nothing here">Add one.</TableEmpty>} />);
    expect(html).not.toContain("<table");
    expect(html).toContain("Nothing here");
    expect(render(<Table columns={columns} rows={[]} rowKey={(r) => r.id} />)).toContain("<table");
  });
});
