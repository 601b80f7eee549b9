import { formatMoney, type ListedTool } from '@shop/shared';
import { type RefObject, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { EmptyState } from '../../../components/ui/empty-state';
import { type DataColumn, DataRow, DataTable } from '../../../components/ui/data-table';
import { SearchField } from '../../../components/ui/form-field';
import { QueryState } from '../../../components/ui/query-state';
import { formatCount } from '../../../lib/format';
import { errorMessage } from '../../../lib/form-errors';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { pageCountOf, useFilteredPage } from '../../../lib/use-filtered-page';
import { useDeleteTool } from '../api/delete-tool';
import { MANAGED_TOOLS_PAGE_SIZE, useTools } from '../api/get-tools';
import { ToolEditor } from './tool-editor';
import { Pager } from '../../../components/ui/pager';
import { LineIcon } from '../../../components/ui/line-icon';
import { fitsCount } from '../utils/part-labels';

/** Removing a tool asks a browser confirm with these words. */
const CONFIRM_TEXT = 'Are you sure?';
const RETIRED_TEXT =
  'Retired: it has orders, so it is hidden from the shop and its orders are kept';
/** The rows are ToolRows: each has its own Remove call and may open its editor beneath. */
const columns: DataColumn<ListedTool>[] = [
  { header: 'Name', rowHeader: true, className: 'font-normal' },
  { header: 'Price per unit', align: 'end', className: 'whitespace-nowrap' },
  { header: 'Available', align: 'end' },
  { header: 'Actions' },
];

const toolCount = (count: number, retired: boolean) =>
  `${count} ${retired ? 'retired ' : ''}${count === 1 ? 'tool' : 'tools'}`;

/**
 * Under the name: the SKU, the part type and, for a tool on sale, how many models it fits (the
 * page's own count: no request per row).
 */
function PartSummary({ tool, retired }: { tool: ListedTool; retired: boolean }) {
  return (
    <div className="text-base-content/70 flex flex-wrap gap-x-3 text-xs">
      <span className="break-all">SKU {tool.sku}</span>
      <span>{tool.category.name}</span>
      {!retired && <span>{fitsCount(tool.fitsCount)}</span>}
    </div>
  );
}

interface ToolRowProps {
  tool: ListedTool;
  /** A retired tool is shown, not changed: it is off sale and kept for its orders. */
  retired: boolean;
  editing: boolean;
  onEdit: () => void;
  onCloseEditor: () => void;
  /** Where focus goes when the row is gone. */
  listRef: RefObject<HTMLElement | null>;
}

function ToolRow({ tool, retired, editing, onEdit, onCloseEditor, listRef }: ToolRowProps) {
  const deleteTool = useDeleteTool();
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const editorId = `edit-tool-${tool._id}`;

  const closeEditor = () => {
    onCloseEditor();
    // Back to the button that opened it, once the editor has gone.
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const onRemove = () => {
    if (!window.confirm(CONFIRM_TEXT)) return;
    deleteTool.mutate(tool._id, {
      onSuccess: ({ retired }) => {
        if (retired) toast.info(RETIRED_TEXT, { description: tool.name });
        else toast.success(`${tool.name} removed`);
        listRef.current?.focus();
      },
      onError: (error) => toast.error(errorMessage(error)),
    });
  };

  return (
    <DataRow
      testId="tool-row"
      detail={editing ? <ToolEditor tool={tool} onClose={closeEditor} /> : undefined}
      detailId={editorId}
      cells={[
        <div className="flex items-center gap-3">
          <img
            src={tool.img}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            decoding="async"
            className="bg-base-200 rounded-field h-10 w-10 shrink-0 object-contain p-1"
          />
          <div className="min-w-0">
            <span className="font-semibold break-words">{tool.name}</span>
            <PartSummary tool={tool} retired={retired} />
          </div>
        </div>,
        formatMoney(tool.price),
        formatCount(tool.availableQuantity),
        retired ? (
          <span className="badge badge-ghost whitespace-nowrap">Retired</span>
        ) : (
          <div className="flex gap-2">
            <button
              ref={editButtonRef}
              type="button"
              className="btn btn-outline btn-sm"
              onClick={editing ? closeEditor : onEdit}
              aria-expanded={editing}
              aria-controls={editing ? editorId : undefined}
              aria-label={`Edit ${tool.name}`}
            >
              Edit
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm btn-square border-red-700 text-red-700 hover:bg-red-700 hover:text-white"
              onClick={onRemove}
              disabled={deleteTool.isPending}
              aria-label={`Remove ${tool.name}`}
            >
              {deleteTool.isPending ? (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              ) : (
                <LineIcon className="h-4 w-4" strokeWidth={2.5}>
                  <path d="M6 6l12 12M18 6 6 18" />
                </LineIcon>
              )}
            </button>
          </div>
        ),
      ]}
    />
  );
}

/**
 * Manage Tools: every tool's name with an X that removes it after a browser
 * confirm; a tool with orders is retired instead. Beyond the original shop, an Edit button opens an
 * editor for price, stock, description and the part details in place, each name shows the SKU,
 * part type and how many models it fits, a search finds tools by name, and "Show retired" lists
 * the retired tools (read only). Paged by the API's largest page (100).
 */
export function ManageToolsTable() {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [retired, setRetired] = useState(false);
  const filters = { search: search || undefined, retired: retired || undefined };
  const [page, setPage] = useFilteredPage(filters);
  const [editingId, setEditingId] = useState<string | null>(null);
  const tools = useTools({ ...filters, page });
  const captionRef = useRef<HTMLElement>(null);
  const retiredId = useId();

  let empty = <EmptyState>No tools in the shop yet. Add one with Add A Tool.</EmptyState>;
  if (page > 1) {
    empty = (
      <EmptyState>
        Nothing left on this page.{' '}
        <button type="button" className="btn btn-link btn-sm px-1" onClick={() => setPage(1)}>
          Back to the first page
        </button>
      </EmptyState>
    );
  } else if (search) {
    empty = <EmptyState>No {retired ? 'retired ' : ''}tools match this search.</EmptyState>;
  } else if (retired) {
    empty = <EmptyState>No tool has been retired.</EmptyState>;
  }

  return (
    <>
      <form
        role="search"
        aria-label="Filter the tools"
        onSubmit={(event) => event.preventDefault()}
        className="mb-4 grid grid-cols-1 items-end gap-x-4 sm:grid-cols-2"
      >
        <SearchField
          label="Search tools by name"
          value={searchInput}
          onChange={setSearchInput}
          placeholder="e.g. SSD, battery, fan"
        />
        <label htmlFor={retiredId} className="flex cursor-pointer items-center gap-2 py-3">
          <input
            id={retiredId}
            type="checkbox"
            className="size-5 accent-[var(--color-primary)]"
            checked={retired}
            onChange={(event) => setRetired(event.target.checked)}
          />
          Show retired
        </label>
      </form>
      <QueryState
        query={tools}
        pendingLabel="Loading the tools"
        errorTitle="The tools could not be loaded"
        isEmpty={({ items }) => items.length === 0}
        empty={empty}
      >
        {({ items, total, retired: shownRetired }) => {
          const pageCount = pageCountOf(total, MANAGED_TOOLS_PAGE_SIZE);
          return (
            <>
              <DataTable
                rows={items}
                rowKey={(tool) => tool._id}
                columns={columns}
                caption={
                  <>
                    {toolCount(total, shownRetired)}
                    {pageCount > 1 && `, page ${page} of ${pageCount}`}
                  </>
                }
                captionRef={captionRef}
                busy={tools.isFetching}
                renderRow={(tool) => (
                  <ToolRow
                    tool={tool}
                    retired={shownRetired}
                    editing={editingId === tool._id}
                    onEdit={() => setEditingId(tool._id)}
                    onCloseEditor={() => setEditingId(null)}
                    listRef={captionRef}
                  />
                )}
              />
              <Pager
                label="Tool pages"
                page={page}
                pageCount={pageCount}
                onPageChange={setPage}
                className="mt-6"
              />
            </>
          );
        }}
      </QueryState>
    </>
  );
}
