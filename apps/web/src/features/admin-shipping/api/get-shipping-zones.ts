import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, type ApiAnswer } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ShippingZoneRow = ApiAnswer<'get', '/shipping/zones'>[number];
export type ShippingMethodRow = ShippingZoneRow['methods'][number];

/** `GET /api/shipping/zones` (admins): every zone with its countries and its methods. */
export const getShippingZones = (signal?: AbortSignal) => api.get('/shipping/zones', { signal });

export const getShippingZonesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.shipping.zones,
    queryFn: ({ signal }) => getShippingZones(signal),
  });

export const useShippingZones = () => useQuery(getShippingZonesQueryOptions());
