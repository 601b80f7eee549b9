import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataRow, DataTable, DataTableView } from './data-table';
import { EmailAddress, emailParts } from './email-address';

interface Row {
  id: string;
  name: string;
  price: number;
}

const rows: Row[] = [
  { id: 'a', name: 'Fan', price: 9 },
  { id: 'b', name: 'SSD', price: 60 },
];
const columns: DataColumn<Row>[] = [
  { header: '#', rowHeader: true, cell: (_row, index) => index + 1 },
  { header: 'Name', cell: (row) => row.name },
  {
    header: 'Price',
    align: 'end',
    className: 'whitespace-nowrap',
    cell: (row) => `$ ${row.price}`,
  },
];

type ViewProps = Parameters<typeof DataTableView<Row>>[0];
const render = (props: Partial<ViewProps> = {}) =>
  renderToStaticMarkup(
    createElement(DataTableView<Row>, {
      rows,
      rowKey: (row) => row.id,
      columns,
      layout: 'table',
      ...props,
    }),
  );

describe('DataTable', () => {
  it('writes the columns as headers and each row as cells, the naming cell a row header', () => {
    const html = render({ rowTestId: 'row' });
    expect(html).toContain('<th scope="col">#</th><th scope="col">Name</th>');
    expect(html).toContain('<th scope="col" class="text-right">Price</th>');
    expect(html).toContain(
      '<tr data-testid="row"><th scope="row">1</th><td>Fan</td><td class="whitespace-nowrap text-right">$ 9</td></tr>',
    );
    expect(html).toContain('<th scope="row">2</th><td>SSD</td>');
  });

  it('names the table as a region, never a scrolling box, and makes a caption its first line', () => {
    expect(render()).not.toContain('role="region"');
    const html = render({ label: 'My orders', caption: '2 tools', busy: true });
    expect(html).toContain(
      '<div class="rounded-box border-base-300 border" role="region" aria-label="My orders table">',
    );
    expect(html).not.toContain('overflow');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain(
      '<caption tabindex="-1" class="caption-top px-4 py-3 text-left font-semibold">2 tools</caption>',
    );
  });

  it('as cards shows every column of a row as a label and its value, and no table', () => {
    const html = render({ layout: 'cards', label: 'All orders', rowTestId: 'row' });
    expect(html).not.toContain('<table');
    expect(html).toContain('<ul class="flex flex-col gap-3" aria-label="All orders">');
    expect(html).toContain('<li data-testid="row"');
    expect(html).toContain(
      '<dt class="font-semibold">#</dt><dd>2</dd><dt class="font-semibold">Name</dt><dd>SSD</dd><dt class="font-semibold">Price</dt><dd class="whitespace-nowrap">$ 60</dd>',
    );
  });

  it('as cards heads the list with the caption, which names it', () => {
    const html = render({ layout: 'cards', caption: '2 tools' });
    expect(html).toMatch(
      /<p id="(?<id>[^"]+)" tabindex="-1" class="mb-3 font-semibold">2 tools<\/p>/,
    );
    const id = /<p id="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`<ul class="flex flex-col gap-3" aria-labelledby="${id}">`);
  });

  it('lets rows with state of their own render a DataRow, with a detail under them', () => {
    const renderRow = (row: Row) =>
      createElement(DataRow, {
        cells: [row.id, row.name, row.price],
        detail: row.id === 'a' ? 'editor' : undefined,
        detailId: `edit-${row.id}`,
      });
    const table = render({ renderRow });
    expect(table).toContain(
      '<tbody><tr><th scope="row">a</th><td>Fan</td><td class="whitespace-nowrap text-right">9</td></tr><tr><td colSpan="3" id="edit-a">editor</td></tr><tr><th scope="row">b</th>',
    );
    const cards = render({ layout: 'cards', renderRow });
    expect(cards).toContain('<div id="edit-a">editor</div></li>');
  });

  it('starts as the table, before it is measured', () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Row>, { rows, rowKey: (row) => row.id, columns }),
    );
    expect(html).toMatch(/^<div class="@container min-w-0"><div class="rounded-box[^"]*"><table/);
  });
});

describe('EmailAddress', () => {
  it('may break before the "@" and after each dot, nowhere else', () => {
    expect(emailParts('ann.lee@mail.example.com')).toEqual([
      'ann.',
      'lee',
      '@mail.',
      'example.',
      'com',
    ]);
    expect(emailParts('plain')).toEqual(['plain']);
    expect(renderToStaticMarkup(createElement(EmailAddress, { email: 'a.b@c.d' }))).toBe(
      '<span class="break-words">a.<wbr/>b<wbr/>@c.<wbr/>d</span>',
    );
  });
});
