// @vitest-environment node
import { createColumnHelper } from '@tanstack/react-table';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

interface Row {
  name: string;
  count: number;
}

const column = createColumnHelper<Row>();
const columns = [
  column.accessor('name', { header: 'Name' }),
  column.accessor('count', { header: 'Count', cell: (c) => `${c.getValue()} events` }),
  column.display({ id: 'actions', header: 'Actions', cell: () => 'Read' }),
];
const rows: Row[] = [
  { name: 'page_view', count: 40 },
  { name: 'form_submit', count: 3 },
  { name: 'popup_view', count: 12 },
  { name: 'email_open', count: 7 },
  { name: 'form_start', count: 5 },
];

const render = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  renderToStaticMarkup(<DataTable data={rows} columns={columns} {...props} />);
/** The text of the body's first cells, top to bottom. */
const firstCells = (html: string) => [...html.split('<tbody>')[1]!.matchAll(/<tr><td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1]);

describe('DataTable', () => {
  // Clicking a header is a browser test (test/browser/admin-portal.test.ts, "sorts an admin table").
  it("keeps the data's order without a sort, every data column a sort button", () => {
    const html = render();
    expect(firstCells(html)).toEqual(['page_view', 'form_submit', 'popup_view', 'email_open', 'form_start']);
    expect(html).not.toContain('aria-sort');
    expect(html.match(/<th scope="col"><button type="button"[^>]*>Name</)).not.toBeNull();
    expect(html.match(/<th scope="col"><button type="button"[^>]*>Count</)).not.toBeNull();
    // A column without a value (actions) has nothing to sort by.
    expect(html).toContain('<th scope="col">Actions</th>');
  });

  it('sorts by the value, not the text shown, and names the direction with aria-sort', () => {
    const down = render({ initialSorting: [{ id: 'count', desc: true }] });
    expect(firstCells(down)).toEqual(['page_view', 'popup_view', 'email_open', 'form_start', 'form_submit']);
    expect(down).toMatch(/<th scope="col" aria-sort="descending"><button[^>]*>Count/);
    const up = render({ initialSorting: [{ id: 'count', desc: false }] });
    expect(firstCells(up)).toEqual(['form_submit', 'form_start', 'email_open', 'popup_view', 'page_view']);
    expect(up).toMatch(/aria-sort="ascending"><button[^>]*>Count/);
    expect(firstCells(render({ initialSorting: [{ id: 'name', desc: false }] }))).toEqual([
      'email_open',
      'form_start',
      'form_submit',
      'page_view',
      'popup_view',
    ]);
  });

  it('orders text as a reader does: case aside, numbers within it by value', () => {
    const names = ['popup 10', 'Popup 9', 'banner', 'Audit'].map((name, count) => ({ name, count }));
    const html = renderToStaticMarkup(<DataTable data={names} columns={columns} initialSorting={[{ id: 'name', desc: false }]} />);
    expect(firstCells(html)).toEqual(['Audit', 'banner', 'Popup 9', 'popup 10']);
  });

  it('shows pages of pageSize rows with the pagination bar, sorted across every page', () => {
    const html = render({ pageSize: 2, pagesLabel: 'Event pages', initialSorting: [{ id: 'count', desc: false }] });
    expect(firstCells(html)).toEqual(['form_submit', 'form_start']);
    expect(html).toContain('aria-label="Event pages"');
    expect(html).toContain('Page 1 of 3');
    // No bar when every row fits on one page.
    expect(render({ pageSize: 5 })).not.toContain('<nav');
  });

  it("names each body cell's column (data-label), which a phone's card shows beside the value", () => {
    const html = render();
    expect(html).toContain('<td data-label="Name">page_view</td>');
    expect(html).toContain('<td data-label="Count">40 events</td>');
    expect(html).toContain('<td data-label="Actions">Read</td>');
  });

  it('leaves the headers plain when the list is sorted elsewhere (the server)', () => {
    const html = render({ sortable: false });
    expect(html).not.toContain('<button');
    expect(html).toContain('<th scope="col">Count</th>');
  });
});
