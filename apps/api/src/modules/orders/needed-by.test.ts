import { type Tool, messages, shopToday } from '@shop/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { signUpWithToken } from '../../test/identity';
import { type Account, setUpShop, stockOf } from '../../test/shop';
import { type TestApp, createTestApp } from '../../test/test-app';
import { PLACEMENT_ROUTES, type PlacementRoute, placeThrough } from '../../test/placement-routes';

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

  /** The needed-by day is the one placement's rule: each test runs through both routes. */
  let route: PlacementRoute;
  const buyFor = (neededBy: string) => placeThrough(app, route, buyer, tool._id, 2, { neededBy });

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

  describe.each(PLACEMENT_ROUTES)('placed through %s', (through) => {
    beforeAll(() => {
      route = through;
    });

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
});
