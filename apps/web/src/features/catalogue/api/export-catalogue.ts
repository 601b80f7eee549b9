import type { CatalogueKind } from '@shop/shared';
import { api } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';

/**
 * `GET /api/catalogue/export` (admin): the laptop models or the parts on sale as the CSV file the
 * import takes, which the browser saves.
 */
export async function downloadCatalogueCsv(kind: CatalogueKind) {
  const { blob, fileName } = await api.file('/catalogue/export', { query: { kind } });
  saveFile(blob, fileName ?? `catalogue-${kind}.csv`);
}
