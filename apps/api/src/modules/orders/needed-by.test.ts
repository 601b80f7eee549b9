import { type Tool, messages, shopToday } from '@shop/shared';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpWithToken } from '../../test/identity';
import { type Account, purchaseBody, setUpShop, stockOf } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';

const DAY_MS = 24 * 60 * 60 * 1000;
/** YYYY-MM-DD of a UTC instant: the shop counts days in UTC (packages/shared/src/shop-calendar.ts). */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

describeEachDatabase('the needed-by date', (kind) => {
  let app: TestApp;
  let tool: Tool;
  let buyer: Account;

  beforeAll(async () => {
    app = await createTestApp(kind, { seed: false });
    ({ tool } = await setUpShop(app));
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => app.close());

  const buyFor = (neededBy: string) =>
    send(app, 'POST', '/api/purchase', buyer.token, purchaseBody(tool._id, { neededBy }));

  const expectAccepted = async (neededBy: string) => {
    const response = await buyFor(neededBy);
    expect(response.status, neededBy).toBe(201);
    expect(await response.json()).toMatchObject({ neededBy });
  };

  const expectRefusedAsPast = async (neededBy: string) => {
    const stock = await stockOf(app, tool._id);
    const response = await buyFor(neededBy);
    expect(response.status, neededBy).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: messages.validation.neededByPast,
        fields: { neededBy: [messages.validation.neededByPast] },
        requestId: response.headers.get('x-request-id'),
      },
    });
    expect(await stockOf(app, tool._id)).toBe(stock);
  };

  /**
   * The server's clock stands still at `time` (only Date is faked: timers and I/O run on), and
   * the buyer signs in then, so their hour-long token is live at that time. The times below
   * are later than the real clock, so PostgreSQL's own now() finds the token live as well.
   */
  const clockAt = async (time: number) => {
    vi.useFakeTimers({ toFake: ['Date'], now: time });
    buyer = await signUpWithToken(app);
  };

  it("accepts the shop's today and refuses the day before, up to the day's last instant", async () => {
    // Today's real UTC day, so the buyer's session is as valid as it is now.
    const startOfToday = Date.parse(`${utcDay(Date.now())}T00:00:00.000Z`);
    await clockAt(startOfToday + DAY_MS - 1);
    const today = utcDay(startOfToday);
    expect(shopToday(new Date())).toBe(today);

    await expectAccepted(today);
    await expectRefusedAsPast(utcDay(startOfToday - DAY_MS));
  });

  it("refuses that day from the first instant of the shop's next day", async () => {
    const startOfToday = Date.parse(`${utcDay(Date.now())}T00:00:00.000Z`);
    await clockAt(startOfToday + DAY_MS);

    await expectRefusedAsPast(utcDay(startOfToday));
    await expectAccepted(utcDay(startOfToday + DAY_MS));
  });
});
