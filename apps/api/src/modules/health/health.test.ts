import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { type TestApp, createTestApp } from '../../test/test-app';
import { readyProbePath } from './health.routes';

describeEachDatabase('health and readiness', (kind) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
  });
  afterAll(() => app.close());

  it('says the process is up', async () => {
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('says ready while the database answers, and 503 once it is gone', async () => {
    expect((await app.request('/api/ready')).status).toBe(200);
    const other = await createTestApp(kind, { seed: false });
    await other.database.close();
    const response = await other.request('/api/ready');
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe(
      'DATABASE_UNAVAILABLE',
    );
  });
});

describe('/api/ready and the data folder of the embedded database', () => {
  // Made when the suite runs: a filtered run (-t) leaves nothing behind.
  let dataDir: string;
  let app: TestApp;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-ready-'));
    app = await createTestApp('pglite', { seed: false, dataDir });
  });
  afterAll(async () => {
    await app.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const ready = async () => {
    const response = await app.request('/api/ready');
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      body: (await response.json()) as unknown,
    };
  };
  const notReady = {
    status: 503,
    retryAfter: '5',
    body: {
      error: {
        code: 'DATABASE_UNAVAILABLE',
        message: 'The data folder cannot be written',
        requestId: expect.any(String),
      },
    },
  };

  // The tests run as root in CI, and file permissions do not stop root: each failure is made
  // with something that stops root too.
  it('answers 503 on a full disk (the probe file made a link to /dev/full: every write fails with ENOSPC), 200 once there is room', async () => {
    expect((await ready()).status).toBe(200);
    fs.symlinkSync('/dev/full', readyProbePath(dataDir));
    try {
      expect(await ready()).toEqual(notReady);
    } finally {
      fs.unlinkSync(readyProbePath(dataDir));
    }
    expect((await ready()).status).toBe(200);
  });

  it('answers 503 when the data folder is gone (a file in its place: ENOTDIR), 200 once it is back', async () => {
    const aside = `${dataDir}-aside`;
    fs.renameSync(dataDir, aside);
    fs.writeFileSync(dataDir, 'not a folder');
    try {
      expect(await ready()).toEqual(notReady);
    } finally {
      fs.rmSync(dataDir);
      fs.renameSync(aside, dataDir);
    }
    expect((await ready()).status).toBe(200);
  });

  it('leaves no probe file behind', async () => {
    expect((await ready()).status).toBe(200);
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});
