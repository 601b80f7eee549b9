import {
  createContext,
  Fragment,
  type ReactNode,
  type Ref,
  use,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface DataColumn<T> {
  /** The column's header in the table, and each card's label for its value. */
  header: string;
  /** Classes of the column's cells, in the table and in the cards. */
  className?: string;
  /** Numbers and actions line up on the right of the table (not in the cards). */
  align?: 'end';
  /** The cell that names its row: a `<th scope="row">`. */
  rowHeader?: boolean;
  /** The cell's content; left out when the rows render themselves (`renderRow`). */
  cell?: (row: T, index: number) => ReactNode;
}

/** A table where all its columns fit; one card per row (label and value) where they do not. */
export type DataLayout = 'table' | 'cards';

const LayoutContext = createContext<{
  layout: DataLayout;
  columns: readonly DataColumn<never>[];
} | null>(null);

interface DataRowProps {
  /** One per column, in the columns' order. */
  cells: readonly ReactNode[];
  testId?: string;
  /** Under the row across all its columns (an editor): its own `<tr>`, or the card's foot. */
  detail?: ReactNode;
  detailId?: string;
}

/** One row of the data table: a `<tr>` in the table, a card of labels and values in the cards. */
export function DataRow({ cells, testId, detail, detailId }: DataRowProps) {
  const context = use(LayoutContext);
  if (!context) throw new Error('DataRow renders inside a DataTable');
  const { layout, columns } = context;
  if (layout === 'cards') {
    return (
      <li
        data-testid={testId}
        className="rounded-box border-base-300 bg-base-100 flex flex-col gap-3 border p-4"
      >
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-4 gap-y-2 text-sm">
          {columns.map((column, index) => (
            <Fragment key={index}>
              <dt className="font-semibold">{column.header}</dt>
              <dd className={column.className}>{cells[index]}</dd>
            </Fragment>
          ))}
        </dl>
        {detail !== undefined && <div id={detailId}>{detail}</div>}
      </li>
    );
  }
  return (
    <>
      <tr data-testid={testId}>
        {columns.map((column, index) => {
          const className = cellClassName(column);
          return column.rowHeader ? (
            <th key={index} scope="row" className={className}>
              {cells[index]}
            </th>
          ) : (
            <td key={index} className={className}>
              {cells[index]}
            </td>
          );
        })}
      </tr>
      {detail !== undefined && (
        <tr>
          <td colSpan={columns.length} id={detailId}>
            {detail}
          </td>
        </tr>
      )}
    </>
  );
}

const cellClassName = (column: DataColumn<never>) =>
  [column.className, column.align === 'end' && 'text-right'].filter(Boolean).join(' ') || undefined;

interface DataTableProps<T> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly DataColumn<T>[];
  /** daisyUI's table classes: zebra stripes, the small size. */
  tableClassName?: string;
  /** The list's name for screen readers: the cards are "My orders", the table "My orders table". */
  label?: string;
  /** The table's first line, and the heading of the cards. */
  caption?: ReactNode;
  /** Where focus goes when a row is gone: the caption. */
  captionRef?: Ref<HTMLElement>;
  /** The rows are being read again. */
  busy?: boolean;
  rowTestId?: string;
  /** Rows with state of their own (a mutation, an editor under them) render a `DataRow`. */
  renderRow?: (row: T, index: number) => ReactNode;
}

interface DataTableViewProps<T> extends DataTableProps<T> {
  layout: DataLayout;
  tableRef?: Ref<HTMLTableElement>;
}

/** The data table in the layout given: the table, or one card per row. */
export function DataTableView<T>({
  rows,
  rowKey,
  columns,
  tableClassName = 'table',
  label,
  caption,
  captionRef,
  busy,
  rowTestId,
  renderRow = (row, index) => (
    <DataRow cells={columns.map((column) => column.cell?.(row, index))} testId={rowTestId} />
  ),
  layout,
  tableRef,
}: DataTableViewProps<T>) {
  const captionId = useId();
  const body = rows.map((row, index) => (
    <Fragment key={rowKey(row)}>{renderRow(row, index)}</Fragment>
  ));
  const context = { layout, columns: columns as readonly DataColumn<never>[] };
  if (layout === 'cards') {
    return (
      <LayoutContext value={context}>
        {caption !== undefined && (
          <p
            id={captionId}
            // Any element will do: the ref is only focused.
            ref={captionRef as Ref<HTMLParagraphElement>}
            tabIndex={-1}
            className="mb-3 font-semibold"
          >
            {caption}
          </p>
        )}
        <ul
          className="flex flex-col gap-3"
          aria-label={caption === undefined ? label : undefined}
          aria-labelledby={caption === undefined ? undefined : captionId}
          aria-busy={busy}
        >
          {body}
        </ul>
      </LayoutContext>
    );
  }
  return (
    <LayoutContext value={context}>
      <div
        className="rounded-box border-base-300 border"
        {...(label ? { role: 'region', 'aria-label': `${label} table` } : {})}
      >
        <table ref={tableRef} className={tableClassName} aria-busy={busy}>
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
                <th
                  key={index}
                  scope="col"
                  className={column.align === 'end' ? 'text-right' : undefined}
                >
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
    </LayoutContext>
  );
}

/** Back to the table only with this much room to spare, so a scrollbar coming and going cannot flip it. */
const ROOM_TO_SPARE = 24;

/**
 * The room a modal dialog's scroll lock takes from the page while it is open, which the table
 * may use: the lock reserves the scrollbar's gutter (daisyUI's `scrollbar-gutter: stable`),
 * 15 px that a hidden scrollbar (headless Chromium's) did not take before. Without it, a table
 * with less to spare would turn into cards behind the dialog, and stay so once it closed. A
 * window that really narrows still turns it into cards, behind the dialog or once it closes.
 */
const dialogGutter = () =>
  document.querySelector('dialog[open]') === null
    ? 0
    : Math.max(0, window.innerWidth - document.documentElement.offsetWidth);

/** Whether the table is wider than its box (and `slack`): its columns do not all fit. */
function tableOverflows(table: HTMLElement, slack: number) {
  const box = table.parentElement;
  if (!box) return false;
  const boxInside = box.getBoundingClientRect().width - (box.offsetWidth - box.clientWidth);
  return table.getBoundingClientRect().width > boxInside + slack + 0.5;
}

/**
 * The responsive data table, the one way to show a list on phones and screens: the table where
 * all its columns fit, one card per row (each column's label and value) where they do not. No
 * column is ever hidden, and nothing scrolls sideways. The choice is measured: the table is
 * tried, and when it is wider than its room the cards show until the room grows to the width
 * the table needed (its widest cell decides, a long email or tool name included).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const rootRef = useRef<HTMLDivElement>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [layout, setLayout] = useState<DataLayout>('table');
  const neededWidth = useRef(0);

  const fit = useCallback(() => {
    const root = rootRef.current;
    const table = tableRef.current;
    if (!root) return;
    if (table) {
      if (!tableOverflows(table, dialogGutter())) return;
      neededWidth.current = table.getBoundingClientRect().width;
      setLayout('cards');
    } else if (root.clientWidth >= neededWidth.current + ROOM_TO_SPARE) {
      setLayout('table');
    }
  }, []);

  // Before the first paint and after every change of rows: a new row may not fit.
  useLayoutEffect(fit);
  // The room changes (a window resized, a sidebar opened), or a row grows on its own (an editor).
  useEffect(() => {
    const observer = new ResizeObserver(fit);
    if (rootRef.current) observer.observe(rootRef.current);
    if (tableRef.current) observer.observe(tableRef.current);
    return () => observer.disconnect();
  }, [fit, layout]);
  // A dialog closed: measured again without its gutter, which a visible scrollbar's page does
  // not give back as room (`close` does not bubble).
  useEffect(() => {
    document.addEventListener('close', fit, true);
    return () => document.removeEventListener('close', fit, true);
  }, [fit]);

  return (
    // Sized by its container, never by the table: a wide table cannot stretch the page.
    <div ref={rootRef} className="@container min-w-0">
      <DataTableView {...props} layout={layout} tableRef={tableRef} />
    </div>
  );
}
