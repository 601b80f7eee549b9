import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type DataColumn, DataTable } from './data-table';

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
    headerClassName: 'text-right',
    className: 'text-right whitespace-nowrap',
    cell: (row) => `$ ${row.price}`,
  },
];

const render = (props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) =>
  renderToStaticMarkup(
    createElement(DataTable<Row>, { rows, rowKey: (row) => row.id, columns, ...props }),
  );

describe('DataTable', () => {
  it('writes the columns as headers and each row as cells, the naming cell a row header', () => {
    const html = render({ rowTestId: 'row' });
    expect(html).toContain('<th scope="col">#</th><th scope="col">Name</th>');
    expect(html).toContain('<th scope="col" class="text-right">Price</th>');
    expect(html).toContain(
      '<tr data-testid="row"><th scope="row">1</th><td>Fan</td><td class="text-right whitespace-nowrap">$ 9</td></tr>',
    );
    expect(html).toContain('<th scope="row">2</th><td>SSD</td>');
  });

  it('makes a named table a focusable region, and a caption its first line', () => {
    expect(render()).not.toContain('role="region"');
    const html = render({ label: 'My orders table', caption: '2 tools', busy: true });
    expect(html).toContain('role="region" aria-label="My orders table" tabindex="0"');
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain(
      '<caption tabindex="-1" class="caption-top px-4 py-3 text-left font-semibold">2 tools</caption>',
    );
  });

  it('on phones shows one card per row instead of the table, from the breakpoint asked', () => {
    const html = render({
      cards: {
        below: 'md',
        label: 'All orders',
        title: (row) => row.name,
        aside: (row) => `$ ${row.price}`,
        fields: [{ label: 'Price', value: (row) => row.price, className: 'break-words' }],
        footer: (row) => `Pay ${row.name}`,
      },
    });
    expect(html).toContain('<ul class="flex flex-col gap-3 md:hidden" aria-label="All orders">');
    expect(html).toContain('<span class="text-base-content/70">2.</span> SSD');
    expect(html).toContain('<dt class="font-medium">Price</dt><dd class="break-words">60</dd>');
    expect(html).toContain('Pay SSD');
    expect(html).toContain(
      'class="rounded-box border-base-300 hidden overflow-x-auto border md:block"',
    );
  });

  it('lets rows with state of their own render themselves', () => {
    const html = render({
      renderRow: (row) =>
        createElement('tr', { className: 'own' }, createElement('td', null, row.name)),
    });
    expect(html).toContain(
      '<tbody><tr class="own"><td>Fan</td></tr><tr class="own"><td>SSD</td></tr></tbody>',
    );
  });
});
