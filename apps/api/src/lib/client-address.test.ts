import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from './client-address';

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
