import { api } from '../../../lib/api-client';

/** `DELETE /api/token` (bearer): the access token stops working on the server. Used by Sign Out. */
export const revokeToken = () => api.delete('/token');
