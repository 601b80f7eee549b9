import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, isLocalRequest } from './client-address';

const addressSeenBy = async (trustProxy: boolean, forwardedFor?: string) => {
  const app = new Hono().get('/', (c) => c.text(clientAddressOf(trustProxy)(c) ?? 'none'));
  const headers: Record<string, string> = forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {};
  return (await app.request('/', { headers })).text();
};

describe('the client address', () => {
  it('behind a trusted proxy is the entry the proxy appended, whatever the client put before it', async () => {
    expect(await addressSeenBy(true, '198.51.100.9, 203.0.113.7')).toBe('203.0.113.7');
    expect(await addressSeenBy(true, '203.0.113.7')).toBe('203.0.113.7');
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    expect(await addressSeenBy(false, '203.0.113.7')).toBe('none');
  });
});

describe('a request from this machine (the dev outbox)', () => {
  const localSeen = async (
    remoteAddress: string | undefined,
    headers: Record<string, string> = {},
  ) => {
    const app = new Hono().get('/', (c) => c.text(String(isLocalRequest(c))));
    const socket =
      remoteAddress === undefined ? undefined : { incoming: { socket: { remoteAddress } } };
    return (await app.request('/', { headers }, socket)).text();
  };

  it('is one whose connection is on loopback, IPv4 or IPv6', async () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(await localSeen(address), address).toBe('true');
  });

  it('is not one from any other address', async () => {
    for (const address of ['203.0.113.7', '10.0.0.5', '::ffff:192.0.2.1', '2001:db8::1', '0.0.0.0'])
      expect(await localSeen(address), address).toBe('false');
  });

  it('is not one a proxy relayed, even over loopback', async () => {
    for (const header of ['X-Forwarded-For', 'Forwarded', 'X-Real-IP'])
      expect(await localSeen('127.0.0.1', { [header]: '203.0.113.7' }), header).toBe('false');
  });

  it('is one made inside the process (no socket)', async () => {
    expect(await localSeen(undefined)).toBe('true');
  });
});
