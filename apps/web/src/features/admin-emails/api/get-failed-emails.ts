import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `GET /api/emails/failed` (admins): the emails that failed at least once, newest first. */
export const getFailedEmails = (signal?: AbortSignal) => api.get('/emails/failed', { signal });

export const getFailedEmailsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.emails.failed,
    queryFn: ({ signal }) => getFailedEmails(signal),
  });

export const useFailedEmails = () => useQuery(getFailedEmailsQueryOptions());
