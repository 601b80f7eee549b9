import {
  type Carrier,
  formatOrderNumber,
  messages,
  type Order,
  type RefundPreview,
  TRACKING_NUMBER_MAX,
  TRACKING_NUMBER_MIN,
} from '@shop/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases';
import { send, signUpAdmin, signUpWithToken } from '../../test/identity';
import { type Account, errorOf, orderToBerlin, payInTestMode } from '../../test/shop';
import { type TestSmtpServer, recipientOf, startSmtpServer } from '../../test/smtp-server';
import { type TestApp, createTestApp } from '../../test/test-app';

const template = 'https://track.example.com/parcel/{tracking}?lang=en';

describeEachDatabase('carriers and tracking (issue 49)', (kind) => {
  let smtp: TestSmtpServer;
  let app: TestApp;
  let admin: Account;
  let buyer: Account;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    app = await createTestApp(kind, { seed: false, smtpUrl: smtp.url });
    admin = await signUpAdmin(app);
    buyer = await signUpWithToken(app);
  });
  afterAll(async () => {
    await app.close();
    await smtp.stop();
  });

  const carriers = async () =>
    (await (await send(app, 'GET', '/api/carriers', admin.token)).json()) as Carrier[];
  let paidCount = 0;
  const paidOrder = async () => {
    paidCount += 1;
    const { order, tools } = await orderToBerlin(app, admin, buyer, [
      [`Ship ${paidCount} Fan`, 20],
      [`Ship ${paidCount} Hinge`, 10],
    ]);
    await payInTestMode(app, buyer, order._id);
    return { order, tools };
  };
  const ship = (id: string, body?: unknown) =>
    send(app, 'POST', `/api/purchase/${id}/ship`, admin.token, body);

  it('is seeded with common carriers and their tracking pages, for admins only', async () => {
    const names = (await carriers()).map((carrier) => carrier.name);
    expect(names).toEqual(['DHL', 'DPD', 'FedEx', 'Royal Mail', 'UPS', 'USPS']);
    expect((await send(app, 'GET', '/api/carriers', buyer.token)).status).toBe(403);
    expect((await send(app, 'GET', '/api/carriers')).status).toBe(401);
  });

  it('adds, edits and removes a carrier; a name taken in any case is refused', async () => {
    const added = await send(app, 'POST', '/api/carriers', admin.token, {
      name: 'Parcel Co',
      trackingUrlTemplate: template,
    });
    expect(added.status).toBe(201);
    const carrier = (await added.json()) as Carrier;
    const taken = await send(app, 'POST', '/api/carriers', admin.token, {
      name: 'parcel co',
      trackingUrlTemplate: template,
    });
    expect(taken.status).toBe(409);
    expect((await errorOf(taken)).fields).toEqual({
      name: ['A carrier named parcel co exists already'],
    });
    const edited = await send(app, 'PUT', `/api/carriers/${carrier.id}`, admin.token, {
      name: 'Parcel Company',
      trackingUrlTemplate: template,
    });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as Carrier).name).toBe('Parcel Company');
    expect(
      (
        await send(app, 'POST', '/api/carriers', buyer.token, {
          name: 'X',
          trackingUrlTemplate: template,
        })
      ).status,
    ).toBe(403);
    expect((await send(app, 'DELETE', `/api/carriers/${carrier.id}`, admin.token)).status).toBe(
      204,
    );
    expect((await send(app, 'DELETE', `/api/carriers/${carrier.id}`, admin.token)).status).toBe(
      404,
    );
  });

  it('refuses a tracking link without {tracking} or not on https', async () => {
    for (const link of ['https://track.example.com/', 'http://track.example.com/{tracking}']) {
      const refused = await send(app, 'POST', '/api/carriers', admin.token, {
        name: 'Bad link',
        trackingUrlTemplate: link,
      });
      expect(refused.status).toBe(400);
      expect(Object.keys((await errorOf(refused)).fields ?? {})).toEqual(['trackingUrlTemplate']);
    }
  });

  it('ships with a carrier and a tracking number: the order and the shipped email carry its link', async () => {
    const added = await send(app, 'POST', '/api/carriers', admin.token, {
      name: 'Link Test Post',
      trackingUrlTemplate: template,
    });
    const carrier = (await added.json()) as Carrier;
    const { order } = await paidOrder();
    const shipped = await ship(order._id, { carrierId: carrier.id, trackingNumber: 'AB 12-34' });
    expect(shipped.status).toBe(200);
    const url = 'https://track.example.com/parcel/AB%2012-34?lang=en';
    expect(((await shipped.json()) as Order).shipment).toEqual({
      carrier: 'Link Test Post',
      trackingNumber: 'AB 12-34',
      trackingUrl: url,
    });
    // The buyer reads it on the order; a carrier edited later changes no shipped order.
    await send(app, 'PUT', `/api/carriers/${carrier.id}`, admin.token, {
      name: 'Renamed Post',
      trackingUrlTemplate: 'https://other.example.com/{tracking}',
    });
    const read = (await (
      await send(app, 'GET', `/api/purchase/${order._id}`, buyer.token)
    ).json()) as Order;
    expect(read.shipment?.trackingUrl).toBe(url);

    expect((await app.mail.runOnce()).failed).toBe(0);
    const words = messages.email.order;
    const email = smtp.received.find(
      (mail) =>
        recipientOf(mail) === buyer.email &&
        mail.subject === words.shipped.subject(formatOrderNumber(order.number)),
    );
    expect(email?.text).toContain(words.shipped.carrier('Link Test Post'));
    expect(email?.text).toContain(words.shipped.trackingNumber('AB 12-34'));
    expect(email?.text).toContain(url);
    expect(email?.html).toContain(`href="${url.replace('&', '&amp;')}"`);
  });

  it('still ships without a body, as clients before carriers did', async () => {
    const { order } = await paidOrder();
    const shipped = await ship(order._id);
    expect(shipped.status).toBe(200);
    expect(((await shipped.json()) as Order).shipment).toBeNull();
  });

  it(`takes a tracking number of ${TRACKING_NUMBER_MIN} to ${TRACKING_NUMBER_MAX} letters, digits, spaces or dashes`, async () => {
    const [dhl] = await carriers();
    const refusals: [string, unknown][] = [
      ['A'.repeat(TRACKING_NUMBER_MIN - 1), 'at least'],
      ['A'.repeat(TRACKING_NUMBER_MAX + 1), 'at most'],
      ['AB12/34', 'letters, digits'],
      ['AB--1234', 'letters, digits'],
    ];
    const { order } = await paidOrder();
    for (const [trackingNumber, words] of refusals) {
      const refused = await ship(order._id, { carrierId: dhl!.id, trackingNumber });
      expect(refused.status, trackingNumber).toBe(400);
      expect((await errorOf(refused)).fields?.trackingNumber?.[0]).toContain(words);
    }
    const unknown = await ship(order._id, {
      carrierId: '00000000-0000-4000-8000-000000000000',
      trackingNumber: 'ABCD',
    });
    expect(unknown.status).toBe(400);
    expect(Object.keys((await errorOf(unknown)).fields ?? {})).toEqual(['carrierId']);
    const noCarrier = await ship(order._id, { trackingNumber: 'ABCD' });
    expect(noCarrier.status).toBe(400);
    expect((await errorOf(noCarrier)).fields).toEqual({ carrierId: ['Choose a carrier'] });
    // Still paid after every refusal; at the limits, shipped.
    const atMin = await ship(order._id, {
      carrierId: dhl!.id,
      trackingNumber: 'A'.repeat(TRACKING_NUMBER_MIN),
    });
    expect(atMin.status).toBe(200);
    const other = await paidOrder();
    const atMax = await ship(other.order._id, {
      carrierId: dhl!.id,
      trackingNumber: '9'.repeat(TRACKING_NUMBER_MAX),
    });
    expect(atMax.status).toBe(200);
  });

  describe('the refund preview', () => {
    it('states what a refund of lines, or of the whole order, gives back, and refunds exactly that', async () => {
      const { order, tools } = await paidOrder();
      const preview = async (body: unknown) => {
        const answer = await send(
          app,
          'POST',
          `/api/purchase/${order._id}/refund-preview`,
          admin.token,
          body,
        );
        expect(answer.status).toBe(200);
        return (await answer.json()) as RefundPreview;
      };
      const whole = await preview({});
      expect(whole.amount).toBe(order.price);
      expect(whole.shipping).toBe(order.totals.shipping);
      expect(whole.tax).toBe(order.totals.tax);
      expect(whole.goods).toBe(order.totals.subtotal);

      const fan = await preview({ lines: [tools[0]!._id] });
      // $ 20 of $ 30 of goods: two thirds of the shipping, 19% on both (Berlin's VAT).
      const fanLine = order.lines.find((line) => line.toolId === tools[0]!._id)!;
      expect(fan.goods).toBe(20);
      expect(fan.shipping).toBe(fanLine.shipping);
      expect(fan.tax).toBeCloseTo(fanLine.tax + fanLine.shippingTax, 2);
      expect(fan.amount).toBeCloseTo(20 + fanLine.shipping + fanLine.tax + fanLine.shippingTax, 2);

      const refunded = await send(app, 'POST', `/api/purchase/${order._id}/refund`, admin.token, {
        reason: 'Does not fit',
        restock: false,
        lines: [tools[0]!._id],
      });
      expect(refunded.status).toBe(200);
      const rest = await preview({});
      expect(rest.amount).toBeCloseTo(order.price - fan.amount, 2);
      const again = await send(
        app,
        'POST',
        `/api/purchase/${order._id}/refund-preview`,
        admin.token,
        { lines: [tools[0]!._id] },
      );
      expect(again.status).toBe(409);
      const asBuyer = await send(
        app,
        'POST',
        `/api/purchase/${order._id}/refund-preview`,
        buyer.token,
        {},
      );
      expect(asBuyer.status).toBe(403);
    });
  });
});
