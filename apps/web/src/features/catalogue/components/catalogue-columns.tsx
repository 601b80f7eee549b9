import {
  CATALOGUE_COLUMN_DEFINITIONS,
  type CatalogueColumn,
  type CatalogueKind,
  catalogueTemplate,
  messages,
} from '@shop/shared';
import { useId } from 'react';
import { type DataColumn, DataTable } from '../../../components/ui/data-table';
import { saveFile } from '../../../lib/save-file';

const words = messages.catalogueImport.guide;

const columns: DataColumn<CatalogueColumn>[] = [
  {
    header: words.headers.column,
    rowHeader: true,
    cell: (column) => <code>{column.name}</code>,
  },
  {
    header: words.headers.meaning,
    cell: (column) => <span className="break-words">{column.meaning}</span>,
  },
  {
    header: words.headers.required,
    cell: (column) => (column.required ? words.required : words.optional),
  },
  {
    header: words.headers.example,
    // Long examples (a description, a list of numbers) wrap between words where they can, and
    // anywhere where they cannot, rather than widen the table.
    cell: (column) => <code className="wrap-anywhere">{column.example}</code>,
  },
];

/**
 * What a file of the chosen kind holds (issue 49): every column the import reads, what to write
 * in it, whether it is required and an example, from the definitions the import's header check
 * reads; and a template made of them.
 */
export function CatalogueColumns({ kind }: { kind: CatalogueKind }) {
  const titleId = useId();
  const hintId = useId();
  const downloadTemplate = () =>
    saveFile(
      new Blob([catalogueTemplate(kind)], { type: 'text/csv;charset=utf-8' }),
      `catalogue-${kind}-template.csv`,
    );
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <h2 id={titleId} className="text-lg font-semibold">
        {words.title[kind]}
      </h2>
      <p className="text-base-content/70 text-sm">{words.intro[kind]}</p>
      <div className="flex flex-col gap-1">
        <button
          type="button"
          className="btn btn-outline w-full sm:w-auto sm:self-start"
          aria-describedby={hintId}
          onClick={downloadTemplate}
        >
          {words.template[kind]}
        </button>
        <p id={hintId} className="text-base-content/70 text-sm">
          {words.templateHint[kind]}
        </p>
      </div>
      <DataTable
        rows={CATALOGUE_COLUMN_DEFINITIONS[kind]}
        rowKey={(column) => column.name}
        columns={columns}
        tableClassName="table table-sm"
        label={words.title[kind]}
        rowTestId="import-column"
      />
    </section>
  );
}
