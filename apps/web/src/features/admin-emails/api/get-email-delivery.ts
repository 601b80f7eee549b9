import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/emails/delivery` (admins): by SMTP, or written to the outbox folder only. */
export const getEmailDelivery = (signal?: AbortSignal) => api.get('/emails/delivery', { signal });

export const getEmailDeliveryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.emails.delivery,
    queryFn: ({ signal }) => getEmailDelivery(signal),
    // The server's configuration: it changes only with a restart.
    staleTime: Infinity,
  });

export const useEmailDelivery = () => useQuery(getEmailDeliveryQueryOptions());
