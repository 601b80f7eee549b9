import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './api-client';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
const sent = () => {
  const [url, init] = fetchMock.mock.calls.at(-1)!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('localStorage', { getItem: () => 'the-token' });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('the API client', () => {
  it('fills and encodes path parameters, and sends the bearer token', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { admin: true }));
    await expect(api.get('/admin/{email}', { path: { email: 'a b@x.com' } })).resolves.toEqual({
      admin: true,
    });
    expect(sent().url).toBe('/api/admin/a%20b%40x.com');
    expect(sent().init.method).toBe('GET');
    expect(sent().headers.Authorization).toBe('Bearer the-token');
  });

  it('sends the query without empty values, a JSON body and the declared headers', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [], { 'X-Total-Count': '42' }));
    await expect(
      api.page('/tools', { query: { search: '', page: 2, retired: undefined } }),
    ).resolves.toEqual({ items: [], total: 42 });
    expect(sent().url).toBe('/api/tools?page=2');

    fetchMock.mockResolvedValueOnce(json(201, { _id: 'o1' }));
    const body = {
      toolId: 't',
      quantity: 1,
      phone: '+1 503 555 0100',
      address: 'a',
      country: 'US',
      region: 'OR',
      city: 'Portland',
      postalCode: '97204',
      shippingMethodId: 'm',
    };
    await api.post('/purchase', { body, header: { 'Idempotency-Key': 'k1' } });
    expect(sent().init).toMatchObject({ method: 'POST', body: JSON.stringify(body) });
    expect(sent().headers).toMatchObject({
      'Content-Type': 'application/json',
      'Idempotency-Key': 'k1',
    });
  });

  it('answers undefined to a 204, and a file as a Blob with its name', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(api.delete('/token')).resolves.toBeUndefined();
    expect(sent().init.method).toBe('DELETE');

    fetchMock.mockResolvedValueOnce(
      new Response('a,b\n', {
        headers: { 'Content-Disposition': 'attachment; filename="orders.csv"' },
      }),
    );
    const { blob, fileName } = await api.file('/orders/export', { query: { status: 'paid' } });
    expect([await blob.text(), fileName, sent().url]).toEqual([
      'a,b\n',
      'orders.csv',
      '/api/orders/export?status=paid',
    ]);
  });

  it('sends a file as the body in its content type, and answers the JSON', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { created: 1 }));
    const file = new Blob(['sku,name\r\n']);
    await expect(
      api.sendFile('/catalogue/import', {
        query: { kind: 'parts', dryRun: 'true' },
        file,
        type: 'text/csv',
      }),
    ).resolves.toEqual({ created: 1 });
    expect(sent().url).toBe('/api/catalogue/import?kind=parts&dryRun=true');
    expect(sent().init).toMatchObject({ method: 'POST', body: file });
    expect(sent().headers['Content-Type']).toBe('text/csv');
  });

  it('sends a multipart form as the body, its Content-Type left to the browser', async () => {
    const image = { id: 'i1', position: 1, alt: 'A battery' };
    fetchMock.mockResolvedValueOnce(json(201, image));
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'battery.jpg', {
      type: 'image/jpeg',
    });
    await expect(
      api.sendForm('/tools/{id}/images', {
        path: { id: 't 1' },
        fields: { file, alt: 'A battery' },
      }),
    ).resolves.toEqual(image);
    expect(sent().url).toBe('/api/tools/t%201/images');
    expect(sent().init.method).toBe('POST');
    const form = sent().init.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('alt')).toBe('A battery');
    const sentFile = form.get('file') as File;
    expect([sentFile.name, sentFile.type, sentFile.size]).toEqual(['battery.jpg', 'image/jpeg', 3]);
    // A Content-Type written here would lack the boundary, and the API could not read the parts.
    expect(sent().headers['Content-Type']).toBeUndefined();
    expect(sent().headers.Authorization).toBe('Bearer the-token');
  });

  it('turns the error shape, another failure and no answer into an ApiError', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, { error: { code: 'OUT_OF_STOCK', message: 'Not enough', requestId: 'r' } }),
    );
    await expect(api.get('/summary')).rejects.toMatchObject({
      status: 409,
      code: 'OUT_OF_STOCK',
      message: 'Not enough',
    });
    fetchMock.mockResolvedValueOnce(new Response('<html>', { status: 502 }));
    await expect(api.get('/summary')).rejects.toMatchObject({ status: 502, code: 'HTTP_ERROR' });
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const failure = await api.get('/summary').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
