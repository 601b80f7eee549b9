import type { ReactNode } from 'react';
import {
  type SalesReport,
  formatMoney,
  LowStockThresholdSchema,
  SALES_DAYS,
  TOP_TOOLS,
} from '@shop/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { OrderStatusBadge } from '../../../components/ui/order-status-badge';
import { QueryState } from '../../../components/ui/query-state';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/form-field';
import { FormAlert } from '../../../components/ui/form-alert';
import { formatCalendarDay, formatCount } from '../../../lib/format';
import { useServerForm } from '../../../lib/use-server-form';
import { useSalesReport } from '../api/get-sales-report';
import { useSetLowStockThreshold } from '../api/set-low-stock-threshold';
import { RevenueChart } from './revenue-chart';

function Card({
  title,
  id,
  className = '',
  children,
}: {
  title: string;
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={id}
      className={`card bg-base-100 border-base-300 border ${className}`}
    >
      <div className="card-body gap-4">
        <h2 id={id} className="card-title text-lg">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/** Every day's figure in words: the chart's alternative for screen readers and keyboards. */
function RevenueTable({ days }: { days: SalesReport['revenuePerDay'] }) {
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium">Revenue per day as a table</summary>
      <table className="table-sm mt-2 table">
        <caption className="sr-only">Revenue per day, the last {SALES_DAYS} days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col" className="text-end">
              Orders paid
            </th>
            <th scope="col" className="text-end">
              Revenue without tax
            </th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="font-normal">
                {formatCalendarDay(day.day)}
              </th>
              <td className="text-end">{formatCount(day.orders)}</td>
              <td className="text-end">{formatMoney(day.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/** What the orders paid in the window brought: paid, less refunds, less the tax kept. */
function Breakdown({ parts }: { parts: SalesReport['breakdown'] }) {
  const less = (dollars: number) => (dollars === 0 ? formatMoney(0) : `− ${formatMoney(dollars)}`);
  const rows: [string, string][] = [
    ['Paid by buyers', formatMoney(parts.paid)],
    ['Refunds', less(parts.refunded)],
    ['Tax collected', less(parts.tax)],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 tabular-nums">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt>{label}</dt>
          <dd className="text-end">{value}</dd>
        </div>
      ))}
      <div className="contents font-semibold">
        <dt className="border-base-300 border-t pt-1">Revenue without tax</dt>
        <dd className="border-base-300 border-t pt-1 text-end">{formatMoney(parts.revenue)}</dd>
      </div>
    </dl>
  );
}

function LowStockForm({ threshold }: { threshold: number }) {
  const save = useSetLowStockThreshold();
  const {
    field,
    submitWith,
    failure,
    formState: { isSubmitting },
  } = useServerForm({
    resolver: zodResolver(LowStockThresholdSchema),
    defaultValues: { lowStockThreshold: threshold },
    serverFields: ['lowStockThreshold'],
  });
  const onSubmit = submitWith(async (values) => {
    const saved = await save.mutateAsync(values);
    toast.success(`Tools at or below ${formatCount(saved.lowStockThreshold)} are listed`);
  });
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Low-stock threshold"
      className="flex flex-wrap items-end gap-3"
    >
      <TextField
        label="List tools with a stock at or below"
        type="number"
        inputMode="numeric"
        min={0}
        {...field('lowStockThreshold', { valueAsNumber: true })}
      />
      <SubmitButton busy={isSubmitting} small className="mb-2">
        Save
      </SubmitButton>
      <FormAlert message={failure} className="w-full" />
    </form>
  );
}

function Dashboard({ report }: { report: SalesReport }) {
  const revenue = report.breakdown.revenue;
  const paidOrders = report.revenuePerDay.reduce((total, day) => total + day.orders, 0);
  const first = report.revenuePerDay[0]?.day;
  const last = report.revenuePerDay.at(-1)?.day;
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-4 sm:grid-cols-3 xl:grid-cols-5">
        {[
          [`Revenue without tax, last ${SALES_DAYS} days`, formatMoney(revenue)],
          ['Tax collected', formatMoney(report.breakdown.tax)],
          ['Refunds', formatMoney(report.breakdown.refunded)],
          ['Orders paid', formatCount(paidOrders)],
          ['Tools low on stock', formatCount(report.lowStock.length)],
        ].map(([label, value]) => (
          <div key={label} className="rounded-box bg-base-200 p-4">
            <dt className="text-sm">{label}</dt>
            <dd className="text-2xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <Card title="Revenue per day" id="revenue-title">
        <RevenueChart
          days={report.revenuePerDay}
          label={`Revenue per day from ${first ? formatCalendarDay(first) : ''} to ${last ? formatCalendarDay(last) : ''}: ${formatMoney(revenue)} in all. The table below lists every day.`}
        />
        <RevenueTable days={report.revenuePerDay} />
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={`Revenue in its parts, last ${SALES_DAYS} days`} id="breakdown-title">
          <Breakdown parts={report.breakdown} />
        </Card>

        <Card title="Orders by status" id="status-title">
          <ul className="flex flex-col gap-2">
            {report.ordersByStatus.map((entry) => (
              <li key={entry.status} className="flex items-center justify-between">
                <OrderStatusBadge status={entry.status} />
                <span className="font-semibold tabular-nums">{formatCount(entry.count)}</span>
              </li>
            ))}
          </ul>
        </Card>

        <Card title={`Top ${TOP_TOOLS} tools by revenue`} id="top-title" className="lg:col-span-2">
          {report.topTools.length === 0 ? (
            <p>No tool has sold in the last {SALES_DAYS} days.</p>
          ) : (
            <table className="table-sm table">
              <thead>
                <tr>
                  <th scope="col">Tool</th>
                  <th scope="col" className="text-end">
                    Units
                  </th>
                  <th scope="col" className="text-end">
                    Revenue without tax
                  </th>
                </tr>
              </thead>
              <tbody>
                {report.topTools.map((tool) => (
                  <tr key={tool.toolId}>
                    <th scope="row" className="font-normal break-words">
                      {tool.name}
                    </th>
                    <td className="text-end">{formatCount(tool.units)}</td>
                    <td className="text-end whitespace-nowrap">{formatMoney(tool.revenue)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>

      <Card title="Low stock" id="low-stock-title">
        <LowStockForm threshold={report.lowStockThreshold} />
        {report.lowStock.length === 0 ? (
          <p>No tool on sale has {formatCount(report.lowStockThreshold)} or fewer in stock.</p>
        ) : (
          <ul className="flex flex-col gap-1" aria-label="Tools low on stock">
            {report.lowStock.map((tool) => (
              <li key={tool._id} className="flex justify-between gap-3">
                <span className="break-words">{tool.name}</span>
                <span className="font-semibold tabular-nums">
                  {formatCount(tool.availableQuantity)} left
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

/** The admins' dashboard home: how the shop is doing, every figure computed by the database. */
export function SalesDashboard() {
  const report = useSalesReport();
  return (
    <QueryState
      query={report}
      pendingLabel="Loading the sales figures"
      errorTitle="The sales figures could not be loaded"
    >
      {(loaded) => <Dashboard report={loaded} />}
    </QueryState>
  );
}
