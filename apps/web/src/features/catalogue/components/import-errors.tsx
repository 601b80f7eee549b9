import { type CatalogueCellError, messages } from '@shop/shared';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';

const words = messages.catalogueImport;

/** How many errors are listed; the count says how many there are in all. */
const SHOWN = 200;

const columns: DataColumn<CatalogueCellError & { key: string }>[] = [
  { header: words.columns.row, rowHeader: true, align: 'end', cell: (error) => error.row },
  {
    header: words.columns.column,
    cell: (error) => (error.column === '*' ? words.wholeRow : <code>{error.column}</code>),
  },
  {
    header: words.columns.message,
    cell: (error) => <span className="break-words">{error.message}</span>,
  },
];

/** A refused file's errors: row (as a spreadsheet numbers it), column and message. */
export function ImportErrors({ errors }: { errors: CatalogueCellError[] }) {
  const rows = errors.slice(0, SHOWN).map((error, index) => ({ ...error, key: String(index) }));
  return (
    <section aria-labelledby="import-errors" className="flex flex-col gap-3">
      <div role="alert">
        <h2 id="import-errors" className="text-lg font-semibold text-red-800">
          {words.errorsTitle(errors.length)}
        </h2>
      </div>
      <DataTable
        rows={rows}
        rowKey={(error) => error.key}
        columns={columns}
        tableClassName="table table-sm"
        label={words.errorsTitle(errors.length)}
        rowTestId="import-error"
      />
      {errors.length > SHOWN && (
        <p className="text-base-content/70 text-sm">{words.errorsShown(SHOWN)}</p>
      )}
    </section>
  );
}
