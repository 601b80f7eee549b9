import { api, type ApiQuery } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * `GET /api/orders/export` (admin): the orders the filters select, newest first, as a CSV file
 * the browser saves. The server streams it; the browser keeps it until it is saved.
 */
export async function downloadOrdersCsv(filter: ApiQuery<'get', '/orders/export'>) {
  const { blob, fileName } = await api.file('/orders/export', { query: filter });
  saveFile(blob, fileName ?? 'orders.csv');
}
