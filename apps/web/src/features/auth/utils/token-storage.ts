import { ACCESS_TOKEN_KEY } from '../../../lib/api-client';

/**
 * The access token, kept in localStorage as `accessToken`; the API client sends it
 * as a bearer token. These three functions are the only code that writes it.
 */
export const readAccessToken = () => localStorage.getItem(ACCESS_TOKEN_KEY);
export const storeAccessToken = (token: string) => localStorage.setItem(ACCESS_TOKEN_KEY, token);
export const forgetAccessToken = () => localStorage.removeItem(ACCESS_TOKEN_KEY);
