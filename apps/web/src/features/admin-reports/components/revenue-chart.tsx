import { formatMoney, type SalesReport } from '@shop/shared';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCalendarDay } from '../../../lib/format';

type Day = SalesReport['revenuePerDay'][number];

/** "Nov 24" from "2026-11-24": the axis has room for the day, not the year. */
const shortDay = (day: string) => formatCalendarDay(day).replace(/,\s*\d{4}$/, '');

/**
 * Revenue per day as bars (Recharts, decision 025). A picture for the eye: its words are the
 * label, and the table beside it (RevenueTable) holds every figure for screen readers and
 * keyboards.
 */
export function RevenueChart({ days, label }: { days: Day[]; label: string }) {
  return (
    <div role="img" aria-label={label} className="h-64 w-full" data-testid="revenue-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={days} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid vertical={false} stroke="var(--color-base-300)" />
          <XAxis
            dataKey="day"
            tickFormatter={shortDay}
            tick={{ fill: 'var(--color-base-content)', fontSize: 12 }}
            minTickGap={16}
          />
          <YAxis
            tickFormatter={(value: number) => `$${value}`}
            tick={{ fill: 'var(--color-base-content)', fontSize: 12 }}
            width={64}
          />
          <Tooltip
            formatter={(value) => [formatMoney(Number(value)), 'Revenue without tax']}
            labelFormatter={(day) => formatCalendarDay(String(day))}
          />
          <Bar dataKey="revenue" fill="var(--color-primary)" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
