import type { CatalogueKind } from '@shop/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export interface ImportCatalogueVariables {
  kind: CatalogueKind;
  file: Blob;
  /** Only checked (the report of what would change), nothing written. */
  dryRun: boolean;
}

/**
 * `POST /api/catalogue/import` (admin): the CSV file as it is, all rows or none; answers what
 * was (or would be) created and updated.
 */
export const importCatalogue = ({ kind, file, dryRun }: ImportCatalogueVariables) =>
  api.sendFile('/catalogue/import', {
    query: { kind, dryRun: dryRun ? 'true' : 'false' },
    file,
    type: 'text/csv',
  });

/** After a real import, every view of the parts and of the laptops is read again. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: async (_report, { dryRun }) => {
      if (dryRun) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tools.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.laptops.all }),
      ]);
    },
  });
}
