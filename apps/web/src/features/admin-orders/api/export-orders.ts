import { api, type ApiQuery } from '../../../lib/api-client';

/**
 * `GET /api/orders/export` (admin): the orders the filters select, newest first, as a CSV file
 * the browser saves. The server streams it; the browser keeps it until it is saved.
 */
export async function downloadOrdersCsv(filter: ApiQuery<'get', '/orders/export'>) {
  const { blob, fileName } = await api.file('/orders/export', { query: filter });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'orders.csv';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
