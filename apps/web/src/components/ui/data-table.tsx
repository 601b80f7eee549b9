import { Fragment, type ReactNode, type Ref } from 'react';

export interface DataColumn<T> {
  header: ReactNode;
  /** Classes of the column's header cell. */
  headerClassName?: string;
  /** Classes of the column's body cells. */
  className?: string;
  /** The cell that names its row: a `<th scope="row">`. */
  rowHeader?: boolean;
  /** The body cell's content; left out when the rows render themselves (`renderRow`). */
  cell?: (row: T, index: number) => ReactNode;
}

/** A row as a card, for phones: its number and title, a figure beside them, its fields, its actions. */
export interface DataCards<T> {
  /** Below this width the cards show instead of the table. */
  below: 'sm' | 'md';
  /** The list's name for screen readers: "My orders". */
  label: string;
  title: (row: T) => ReactNode;
  aside: (row: T) => ReactNode;
  fields: readonly { label: string; value: (row: T) => ReactNode; className?: string }[];
  footer: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly DataColumn<T>[];
  /** daisyUI's table classes: zebra stripes, the small size. */
  tableClassName?: string;
  /** Names the table's scrolling box, which then takes focus (keyboard scrolling). */
  label?: string;
  caption?: ReactNode;
  captionRef?: Ref<HTMLTableCaptionElement>;
  /** The rows are being read again. */
  busy?: boolean;
  rowTestId?: string;
  /** Rows with state of their own (a mutation, an editor under them) render their `<tr>`s. */
  renderRow?: (row: T, index: number) => ReactNode;
  /** On phones, one card per row instead of the table. */
  cards?: DataCards<T>;
}

// Written out whole, so that Tailwind finds the classes.
const cardsOnlyBelow = { sm: 'sm:hidden', md: 'md:hidden' } as const;
const tableFrom = { sm: 'sm:block', md: 'md:block' } as const;

function Cards<T>({
  rows,
  rowKey,
  cards,
}: Pick<DataTableProps<T>, 'rows' | 'rowKey'> & { cards: DataCards<T> }) {
  return (
    <ul className={`flex flex-col gap-3 ${cardsOnlyBelow[cards.below]}`} aria-label={cards.label}>
      {rows.map((row, index) => (
        <li
          key={rowKey(row)}
          className="rounded-box border-base-300 bg-base-100 flex flex-col gap-3 border p-4"
        >
          <div className="flex items-start justify-between gap-3">
            <p className="font-semibold">
              <span className="text-base-content/70">{index + 1}.</span> {cards.title(row)}
            </p>
            <p className="font-semibold whitespace-nowrap">{cards.aside(row)}</p>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
            {cards.fields.map((field) => (
              <Fragment key={field.label}>
                <dt className="font-medium">{field.label}</dt>
                <dd className={field.className}>{field.value(row)}</dd>
              </Fragment>
            ))}
          </dl>
          {cards.footer(row)}
        </li>
      ))}
    </ul>
  );
}

/**
 * The one table of the dashboard screens: a bordered box that scrolls sideways when the
 * columns do not fit, with a caption, and on phones (`cards`) one card per row instead.
 */
export function DataTable<T>({
  rows,
  rowKey,
  columns,
  tableClassName = 'table',
  label,
  caption,
  captionRef,
  busy,
  rowTestId,
  renderRow,
  cards,
}: DataTableProps<T>) {
  const boxClassName = cards
    ? `rounded-box border-base-300 hidden overflow-x-auto border ${tableFrom[cards.below]}`
    : 'rounded-box border-base-300 overflow-x-auto border';
  const table = (
    <div
      className={boxClassName}
      {...(label ? { role: 'region', 'aria-label': label, tabIndex: 0 } : {})}
    >
      <table className={tableClassName} aria-busy={busy}>
        {caption !== undefined && (
          <caption
            ref={captionRef}
            tabIndex={-1}
            className="caption-top px-4 py-3 text-left font-semibold"
          >
            {caption}
          </caption>
        )}
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col" className={column.headerClassName}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) =>
            renderRow ? (
              <Fragment key={rowKey(row)}>{renderRow(row, index)}</Fragment>
            ) : (
              <tr key={rowKey(row)} data-testid={rowTestId}>
                {columns.map((column, columnIndex) =>
                  column.rowHeader ? (
                    <th key={columnIndex} scope="row" className={column.className}>
                      {column.cell?.(row, index)}
                    </th>
                  ) : (
                    <td key={columnIndex} className={column.className}>
                      {column.cell?.(row, index)}
                    </td>
                  ),
                )}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
  if (!cards) return table;
  return (
    <>
      <Cards rows={rows} rowKey={rowKey} cards={cards} />
      {table}
    </>
  );
}
