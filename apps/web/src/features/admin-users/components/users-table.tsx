import { LIST_PAGE_SIZE_DEFAULT, messages, type Role, type ShopUser } from '@shop/shared';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { EmptyState } from '../../../components/ui/empty-state';
import { type DataColumn, DataRow, DataTable } from '../../../components/ui/data-table';
import { EmailAddress } from '../../../components/ui/email-address';
import { FormField, SearchField } from '../../../components/ui/form-field';
import { Pager } from '../../../components/ui/pager';
import { QueryState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/form-errors';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { pageCountOf, useFilteredPage } from '../../../lib/use-filtered-page';
import { useUsers } from '../api/get-users';
import { useMakeAdmin } from '../api/make-admin';
import { useRemoveUser } from '../api/remove-user';

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
const userCount = (count: number) => `${count} ${count === 1 ? 'user' : 'users'}`;

/** A 403 says "failed to make an admin"; anything else says what went wrong. */
const makeAdminFailure = (error: unknown) =>
  error instanceof ApiError && error.status === 403
    ? messages.failure.makeAdmin
    : `${messages.failure.makeAdmin}: ${errorMessage(error)}`;

/** The rows are UserRows: each has its own Make Admin call and focuses its role when it lands. */
const columns: DataColumn<ShopUser>[] = [
  { header: '#' },
  { header: 'User', rowHeader: true, className: 'font-normal' },
  { header: 'Actions' },
];

interface UserRowProps {
  user: ShopUser;
  /** The user's number over all pages. */
  index: number;
  isYou: boolean;
  onRemove: (user: ShopUser) => void;
}

function UserRow({ user, index, isYou, onRemove }: UserRowProps) {
  const makeAdmin = useMakeAdmin();
  const roleRef = useRef<HTMLSpanElement>(null);
  const isAdmin = user.role === 'admin';
  const shownName = user.name || user.email;

  const onMakeAdmin = () =>
    makeAdmin.mutate(user.email, {
      onSuccess: () => {
        toast.success(messages.success.adminSelected);
        // The button is gone: focus stays on the row, on the new role.
        roleRef.current?.focus();
      },
      onError: (error) => toast.error(makeAdminFailure(error)),
    });

  return (
    <DataRow
      testId="user-row"
      cells={[
        index + 1,
        <>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold">{shownName}</span>
            <span
              ref={roleRef}
              tabIndex={-1}
              className={`badge badge-sm ${isAdmin ? 'badge-primary' : 'badge-ghost'}`}
            >
              {isAdmin ? 'Admin' : 'Customer'}
            </span>
          </span>
          <EmailAddress email={user.email} className="text-base-content/80 block text-sm" />
        </>,
        <div className="flex flex-wrap items-center gap-2">
          {!isAdmin && (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={onMakeAdmin}
              disabled={makeAdmin.isPending}
              aria-label={`Make Admin: ${shownName}`}
            >
              {makeAdmin.isPending && (
                <span className="loading loading-spinner loading-xs" aria-hidden="true" />
              )}
              Make Admin
            </button>
          )}
          {isYou ? (
            <span className="text-base-content/70 text-sm">
              This is you: you cannot remove yourself
            </span>
          ) : (
            <button
              type="button"
              className="btn btn-outline btn-sm border-red-700 text-red-700 hover:bg-red-700 hover:text-white"
              onClick={() => onRemove(user)}
              aria-label={`Remove User: ${shownName}`}
            >
              Remove User
            </button>
          )}
        </div>,
      ]}
    />
  );
}

interface UsersTableProps {
  /** The signed-in admin, whose row cannot be removed (the API refuses it too). */
  currentUserEmail: string;
}

/**
 * All Users: 20 a page, searched by email or name and kept to one role; the count of all that
 * match, and per user Make Admin and Remove User (with a modal).
 */
export function UsersTable({ currentUserEmail }: UsersTableProps) {
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState<Role | ''>('');
  const filters = { search: search || undefined, role: role || undefined };
  const [page, setPage] = useFilteredPage(filters);
  const users = useUsers({ ...filters, page });
  const filtered = Boolean(search || role);
  const removeUser = useRemoveUser();
  // The user asked about; kept while the dialog closes, so its text does not flicker.
  const [removing, setRemoving] = useState<ShopUser | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const captionRef = useRef<HTMLElement>(null);
  // After a removal the row and its button are gone: focus moves to the list once the dialog
  // has closed (this effect runs after the dialog's own, which puts focus back on the opener).
  const focusListOnClose = useRef(false);
  useEffect(() => {
    if (dialogOpen || !focusListOnClose.current) return;
    focusListOnClose.current = false;
    captionRef.current?.focus();
  }, [dialogOpen]);

  const askToRemove = (user: ShopUser) => {
    setRemoving(user);
    setDialogOpen(true);
  };
  const closeDialog = () => setDialogOpen(false);
  const confirmRemoval = () => {
    if (!removing) return;
    removeUser.mutate(removing.email, {
      onSuccess: () => {
        toast.success(messages.success.userRemoved);
        focusListOnClose.current = true;
        setDialogOpen(false);
      },
      onError: (error) => {
        // 409: yourself or the last admin; the API says which.
        toast.error(errorMessage(error));
        setDialogOpen(false);
      },
    });
  };

  return (
    <>
      <form
        role="search"
        aria-label="Filter the users"
        onSubmit={(event) => event.preventDefault()}
        className="mb-4 grid grid-cols-1 gap-x-4 sm:grid-cols-2"
      >
        <SearchField
          label="Search email or name"
          value={searchInput}
          onChange={setSearchInput}
          placeholder="e.g. ann@example.com"
        />
        <FormField label="Role">
          {(control) => (
            <select
              {...control}
              className="select w-full"
              value={role}
              onChange={(event) => setRole(event.target.value as Role | '')}
            >
              <option value="">Admins and customers</option>
              <option value="admin">Admins</option>
              <option value="user">Customers</option>
            </select>
          )}
        </FormField>
      </form>
      <QueryState
        query={users}
        pendingLabel="Loading the users"
        errorTitle="The users could not be loaded"
        isEmpty={({ items }) => items.length === 0}
        empty={
          <EmptyState>{filtered ? 'No users match this search.' : 'No users yet.'}</EmptyState>
        }
      >
        {({ items, total }) => (
          <>
            <DataTable
              rows={items}
              rowKey={(user) => user._id}
              columns={columns}
              caption={userCount(total)}
              captionRef={captionRef}
              busy={users.isFetching}
              renderRow={(user, index) => (
                <UserRow
                  user={user}
                  index={(page - 1) * LIST_PAGE_SIZE_DEFAULT + index}
                  isYou={sameEmail(user.email, currentUserEmail)}
                  onRemove={askToRemove}
                />
              )}
            />
            <Pager
              label="User pages"
              page={page}
              pageCount={pageCountOf(total, LIST_PAGE_SIZE_DEFAULT)}
              onPageChange={setPage}
              className="mt-6"
            />
          </>
        )}
      </QueryState>
      <ConfirmDialog
        open={dialogOpen}
        title="Are You Sure?"
        busy={removeUser.isPending}
        onConfirm={confirmRemoval}
        onCancel={closeDialog}
        fallbackFocusRef={captionRef}
      >
        <p>You want to delete {removing?.name || removing?.email}</p>
      </ConfirmDialog>
    </>
  );
}
