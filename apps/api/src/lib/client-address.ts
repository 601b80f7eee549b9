import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address: the connection's, or behind a trusted reverse proxy (TRUST_PROXY) the
 * last entry of `X-Forwarded-For`, the one that proxy wrote. The entries before it come from
 * the client, who could name any address there and so escape the per-address sign-in limits.
 */
export const clientAddressOf =
  (trustProxy: boolean) =>
  (c: Context): string | undefined => {
    if (trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address;
    } catch {
      return undefined; // no socket: an in-process request
    }
  };
