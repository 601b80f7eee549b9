import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/reports/sales` (admins): the figures of the last 30 days, computed by the database. */
export const getSalesReport = (signal?: AbortSignal) => api.get('/reports/sales', { signal });

export const getSalesReportQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.reports.sales,
    queryFn: ({ signal }) => getSalesReport(signal),
  });

export const useSalesReport = () => useQuery(getSalesReportQueryOptions());
