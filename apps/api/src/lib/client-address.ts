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

/** Headers a reverse proxy adds: a request carrying one was relayed, whatever its socket says. */
const RELAYED_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const isLoopbackAddress = (address: string) =>
  address === '::1' || /^(::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address);

/**
 * Whether a request comes from this machine itself: its connection is on loopback and no proxy
 * relayed it (a local nginx in front would make every visitor look local). A request made in
 * the process (no socket, as in the API tests) is local too. TRUST_PROXY changes nothing here.
 */
export function isLocalRequest(c: Context): boolean {
  if (RELAYED_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  let address: string | undefined;
  try {
    address = getConnInfo(c).remote.address;
  } catch {
    return true; // no socket: a request made inside this process
  }
  return address !== undefined && isLoopbackAddress(address);
}
