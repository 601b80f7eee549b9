import {
  can,
  LIST_PAGE_SIZE_DEFAULT,
  type Order,
  type OrderStatus,
  orderStatuses,
} from '@shop/shared';
import { useState } from 'react';
import { CancelOrderDialog } from '../../../components/ui/cancel-order-dialog';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { OrderTable } from '../../../components/ui/order-table';
import { PayBy } from '../../../components/ui/pay-by';
import { FormField, SearchField } from '../../../components/ui/form-field';
import { Pager } from '../../../components/ui/pager';
import { StatusFilter } from '../../../components/ui/status-filter';
import { QueryState } from '../../../components/ui/query-state';
import { paths } from '../../../lib/paths';
import { SEARCH_DEBOUNCE_MS, useDebouncedValue } from '../../../lib/use-debounced-value';
import { pageCountOf, useFilteredPage } from '../../../lib/use-filtered-page';
import { useCancelOrder } from '../../../lib/cancel-order';
import { downloadOrdersCsv } from '../api/export-orders';
import { useAllOrders } from '../api/get-all-orders';
import { ShipDialog } from './ship-dialog';

interface OrderStateProps {
  order: Order;
  onShip: (order: Order) => void;
  onCancel: (order: Order) => void;
}

/** The order's payment state and the steps an admin may take on it (the state machine's). */
function OrderState({ order, onShip, onCancel }: OrderStateProps) {
  const awaitingPayment = can(order, 'pay', 'buyer');
  const cancellable = can(order, 'cancel', 'admin');
  const shippable = can(order, 'ship', 'admin');
  if (!awaitingPayment && !cancellable && !shippable) {
    return <OrderStatusBadge status={order.status} />;
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      {awaitingPayment ? (
        <Link
          to={paths.dashboard.payment(order._id)}
          className="btn btn-warning btn-sm"
          aria-label={`Pending: payment of ${order.userName}'s order of ${order.tool}`}
        >
          Pending
        </Link>
      ) : (
        <OrderStatusBadge status={order.status} />
      )}
      {cancellable && (
        <button
          type="button"
          className="btn btn-sm border-red-700 bg-transparent text-red-800 hover:bg-red-50"
          aria-label={`Cancel ${order.userName}'s order of ${order.tool}`}
          onClick={() => onCancel(order)}
        >
          Cancel
        </button>
      )}
      {shippable && (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          aria-label={`Ship ${order.userName}'s order of ${order.tool}`}
          onClick={() => onShip(order)}
        >
          Ship
        </button>
      )}
      {awaitingPayment && <PayBy payBy={order.payBy} className="basis-full whitespace-nowrap" />}
    </div>
  );
}

const statusLabel = (status: OrderStatus) => status[0]!.toUpperCase() + status.slice(1);

/**
 * Manage All Orders (admin): the orders with their buyer, address and needed-by date, 20 a
 * page, filtered by status, a search (buyer or tool) and the days placed; the heading counts
 * all that match. An unpaid one links to its payment page ("Pending"); a paid one can be shipped.
 */
export function ManageAllOrders() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const filters = { status: status || undefined, search: search || undefined, from, to };
  const [page, setPage] = useFilteredPage(filters);
  const orders = useAllOrders({ ...filters, page });
  const filtered = Boolean(status || search || from || to);
  const clearFilters = () => {
    setStatus('');
    setSearchInput('');
    setFrom('');
    setTo('');
  };
  const cancel = useCancelOrder();
  const [exporting, setExporting] = useState(false);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const exportCsv = async () => {
    setExporting(true);
    setExportFailure(null);
    try {
      await downloadOrdersCsv({
        status: status || undefined,
        search: search || undefined,
        from: from || undefined,
        to: to || undefined,
      });
    } catch (error) {
      setExportFailure(
        error instanceof Error ? error.message : 'The export failed. Please try again.',
      );
    } finally {
      setExporting(false);
    }
  };
  const [toCancel, setToCancel] = useState<Order | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const openCancel = (order: Order) => {
    cancel.reset();
    setToCancel(order);
  };
  const confirmCancel = () => {
    if (!toCancel) return;
    setAnnouncement('');
    cancel.mutate(toCancel._id, {
      onSuccess: (cancelled) => {
        setToCancel(null);
        setAnnouncement(`${cancelled.userName}'s order of ${cancelled.tool} is cancelled.`);
      },
    });
  };

  const [toShip, setToShip] = useState<Order | null>(null);
  const onShip = (order: Order) => {
    setAnnouncement('');
    setToShip(order);
  };

  const orderState = (order: Order) => (
    <OrderState order={order} onShip={onShip} onCancel={openCancel} />
  );

  return (
    <section aria-labelledby="all-orders-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="all-orders-title" className="text-2xl font-bold">
          Manage All Orders{orders.data ? ` (${orders.data.total})` : ''}
        </h1>
        {/* The orders the filters below select, every page of them. */}
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={exporting}
          onClick={() => void exportCsv()}
        >
          {exporting && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
          Export CSV
        </button>
      </div>
      {exportFailure && (
        <p role="alert" className="text-sm text-red-700">
          {exportFailure}
        </p>
      )}
      <form
        role="search"
        aria-label="Filter the orders"
        onSubmit={(event) => event.preventDefault()}
        className="grid grid-cols-1 gap-x-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <StatusFilter
          statuses={orderStatuses}
          labelOf={statusLabel}
          allLabel="All statuses"
          value={status}
          onChange={setStatus}
        />
        <SearchField
          label="Search order, buyer or tool"
          value={searchInput}
          onChange={setSearchInput}
          placeholder="Order number, email, name or tool"
        />
        <FormField label="Placed from">
          {(control) => (
            <input
              {...control}
              type="date"
              className="input w-full"
              value={from}
              max={to || undefined}
              onChange={(event) => setFrom(event.target.value)}
            />
          )}
        </FormField>
        <FormField label="Placed to">
          {(control) => (
            <input
              {...control}
              type="date"
              className="input w-full"
              value={to}
              min={from || undefined}
              onChange={(event) => setTo(event.target.value)}
            />
          )}
        </FormField>
      </form>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <QueryState
        query={orders}
        pendingLabel="Loading all orders"
        errorTitle="The orders could not be loaded"
        isEmpty={({ items }) => items.length === 0}
        empty={
          filtered ? (
            <EmptyState>
              No orders match these filters.{' '}
              <button type="button" className="btn btn-link btn-sm px-1" onClick={clearFilters}>
                Clear the filters
              </button>
            </EmptyState>
          ) : (
            <EmptyState>No orders yet.</EmptyState>
          )
        }
      >
        {({ items, total }) => (
          <div
            aria-busy={orders.isFetching}
            className={orders.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}
          >
            <OrderTable
              orders={items}
              label="All orders"
              everyone
              numberedFrom={(page - 1) * LIST_PAGE_SIZE_DEFAULT}
              rowTestId="admin-order-row"
              actions={orderState}
            />
            <Pager
              label="Order pages"
              page={page}
              pageCount={pageCountOf(total, LIST_PAGE_SIZE_DEFAULT)}
              onPageChange={setPage}
              className="mt-6"
            />
          </div>
        )}
      </QueryState>
      <CancelOrderDialog
        order={toCancel}
        whose={(order) => `${order.userName}'s unpaid`}
        busy={cancel.isPending}
        error={cancel.isError ? cancel.error.message : null}
        onConfirm={confirmCancel}
        onCancel={() => setToCancel(null)}
      />
      <ShipDialog
        order={toShip}
        onClose={() => setToShip(null)}
        onShipped={(shipped) => {
          setToShip(null);
          setAnnouncement(`${shipped.userName}'s order of ${shipped.tool} is shipped.`);
        }}
      />
    </section>
  );
}
