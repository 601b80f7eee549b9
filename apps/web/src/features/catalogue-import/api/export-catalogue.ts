import type { CatalogueKind } from '@shop/shared';
import { api } from '../../../lib/api-client';

/**
 * `GET /api/catalogue/export` (admin): the laptop models or the parts on sale as the CSV file the
 * import takes, which the browser saves.
 */
export async function downloadCatalogueCsv(kind: CatalogueKind) {
  const { blob, fileName } = await api.file('/catalogue/export', { query: { kind } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? `catalogue-${kind}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the object URL; it can go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
