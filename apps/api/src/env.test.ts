import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env';

describe('loadEnv', () => {
  it('has defaults that run the shop on the embedded database', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe(path.resolve('./data'));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBe(true);
    expect(env.CORS_ORIGINS).toEqual([]);
    expect(env.UNPAID_ORDER_TTL_MINUTES).toBe(60);
    expect(env.MAX_UNPAID_ORDERS).toBe(5);
    expect(env.ORDER_EXPIRY_INTERVAL_SECONDS).toBe(30);
    expect(env.SHUTDOWN_TIMEOUT_MS).toBe(10_000);
    expect(env.WORKERS).toBe(1);
    expect(env.DATABASE_TIMEOUT_MS).toBe(1000);
    expect(env.METRICS_TOKEN).toBeUndefined();
    expect(env.METRICS_PORT).toBeUndefined();
    expect(env.METRICS_HOST).toBe('127.0.0.1');
  });

  it('writes emails to the outbox unless SMTP_URL names an SMTP server', () => {
    expect(loadEnv({}).SMTP_URL).toBeUndefined();
    expect(loadEnv({}).MAIL_FROM).toBe('Laptop Parts Shop <shop@localhost>');
    expect(loadEnv({ SMTP_URL: 'smtp://u:p@mail.example:587' }).SMTP_URL).toBe(
      'smtp://u:p@mail.example:587',
    );
    expect(loadEnv({ SMTP_URL: 'smtps://mail.example' }).SMTP_URL).toBe('smtps://mail.example');
    expect(() => loadEnv({ SMTP_URL: 'https://mail.example' })).toThrow(
      /SMTP_URL: must be an smtp/,
    );
    expect(loadEnv({ MAIL_FROM: 'Shop <orders@shop.example>' }).MAIL_FROM).toBe(
      'Shop <orders@shop.example>',
    );
    // A line break would let the sender add headers of its own.
    expect(() => loadEnv({ MAIL_FROM: 'a@b.example\r\nBcc: x@y.example' })).toThrow(/MAIL_FROM/);
    expect(() => loadEnv({ MAIL_FROM: 'shop' })).toThrow(/MAIL_FROM/);
  });

  it('takes a metrics token and port at their bounds', () => {
    expect(loadEnv({ METRICS_TOKEN: 'x'.repeat(16) }).METRICS_TOKEN).toBe('x'.repeat(16));
    expect(loadEnv({ METRICS_TOKEN: '~'.repeat(256) }).METRICS_TOKEN).toBe('~'.repeat(256));
    expect(loadEnv({ METRICS_PORT: '1' }).METRICS_PORT).toBe(1);
    expect(loadEnv({ METRICS_PORT: '65535' }).METRICS_PORT).toBe(65535);
    expect(loadEnv({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).METRICS_HOST).toBe('0.0.0.0');
  });

  // The tests run with their own values (testEnv), so these defaults are pinned here: a doubled
  // body limit or a token that lives 1000 times longer would otherwise reach production unseen.
  it('limits a request body to 100 KiB and a token to 12 hours by default', () => {
    const env = loadEnv({});
    expect(env.BODY_LIMIT_BYTES).toBe(100 * 1024);
    expect(env.ACCESS_TOKEN_TTL_MINUTES).toBe(12 * 60);
    // Sign-up's flow of the product: no waiting for an emailed link.
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(false);
  });

  it('reads the values it is given', () => {
    const env = loadEnv({
      PORT: '8080',
      SEED_DEMO: 'false',
      DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop',
      CORS_ORIGINS: 'https://a.example, https://b.example',
    });
    expect(env.PORT).toBe(8080);
    expect(env.SEED_DEMO).toBe(false);
    expect(env.DATABASE_URL).toBe('postgres://shop@127.0.0.1:5432/shop');
    expect(env.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
    expect(loadEnv({ SHUTDOWN_TIMEOUT_MS: '600000' }).SHUTDOWN_TIMEOUT_MS).toBe(600_000);
    expect(loadEnv({ DATABASE_TIMEOUT_MS: '100' }).DATABASE_TIMEOUT_MS).toBe(100);
    expect(loadEnv({ DATABASE_TIMEOUT_MS: '600000' }).DATABASE_TIMEOUT_MS).toBe(600_000);
  });

  it('runs up to 64 worker processes, on PostgreSQL only', () => {
    const postgres = { DATABASE_URL: 'postgres://shop@127.0.0.1:5432/shop' };
    expect(loadEnv({ ...postgres, WORKERS: '64' }).WORKERS).toBe(64);
    expect(() => loadEnv({ ...postgres, WORKERS: '65' })).toThrow(
      /WORKERS: must be between 1 and 64/,
    );
    expect(() => loadEnv({ ...postgres, WORKERS: '0' })).toThrow(
      /WORKERS: must be between 1 and 64/,
    );
    expect(loadEnv({ WORKERS: '1' }).WORKERS).toBe(1);
    expect(() => loadEnv({ WORKERS: '2' })).toThrow(EnvError);
    expect(() => loadEnv({ WORKERS: '2' })).toThrow(/WORKERS: 2 processes need DATABASE_URL/);
  });

  it.each([
    ['PORT', 'eighty', /PORT: must be a port number/],
    ['PORT', '70000', /PORT: must be between 0 and 65535/],
    ['SEED_DEMO', 'maybe', /SEED_DEMO: must be true or false/],
    ['REQUIRE_EMAIL_VERIFICATION', 'maybe', /REQUIRE_EMAIL_VERIFICATION: must be true or false/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL: must be a postgres/],
    ['CORS_ORIGINS', 'not a url', /CORS_ORIGINS/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL/],
    ['AUTH_RATE_LIMIT_PER_MINUTE', '1000000', /AUTH_RATE_LIMIT_PER_MINUTE: must be at most 100000/],
    ['ACCESS_TOKEN_TTL_MINUTES', '0', /ACCESS_TOKEN_TTL_MINUTES: must be at least 1/],
    ['BODY_LIMIT_BYTES', '12.5', /BODY_LIMIT_BYTES: must be a whole number/],
    ['UNPAID_ORDER_TTL_MINUTES', '0', /UNPAID_ORDER_TTL_MINUTES: must be at least 1/],
    ['MAX_UNPAID_ORDERS', '0', /MAX_UNPAID_ORDERS: must be at least 1/],
    ['ORDER_EXPIRY_INTERVAL_SECONDS', '0.5', /ORDER_EXPIRY_INTERVAL_SECONDS: must be a whole/],
    ['SHUTDOWN_TIMEOUT_MS', '-1', /SHUTDOWN_TIMEOUT_MS: must be 0 or more/],
    ['SHUTDOWN_TIMEOUT_MS', '600001', /SHUTDOWN_TIMEOUT_MS: must be at most 600000/],
    ['DATABASE_TIMEOUT_MS', '99', /DATABASE_TIMEOUT_MS: must be at least 100/],
    ['DATABASE_TIMEOUT_MS', '600001', /DATABASE_TIMEOUT_MS: must be at most 600000/],
    ['DATABASE_TIMEOUT_MS', '1.5', /DATABASE_TIMEOUT_MS: must be a whole number/],
    ['STRIPE_SECRET_KEY', 'sk_test_x', /set all three or none/],
    ['S3_BUCKET', 'shop-images', /S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all/],
    ['S3_SECRET_ACCESS_KEY', 'secret', /S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/],
    ['S3_ENDPOINT', 'http://127.0.0.1:9000', /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set all/],
    ['S3_ENDPOINT', 'not a url', /S3_ENDPOINT: must be the URL of an S3-compatible endpoint/],
    ['S3_BUCKET', 'Shop_Images', /S3_BUCKET: must be a bucket name/],
    ['S3_REGION', 'EU West', /S3_REGION: must be a region/],
    ['GOOGLE_CLIENT_ID', 'abc', /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither/],
    ['METRICS_TOKEN', 'x'.repeat(15), /METRICS_TOKEN: must have at least 16 characters/],
    ['METRICS_TOKEN', 'x'.repeat(257), /METRICS_TOKEN: must have at most 256 characters/],
    ['METRICS_TOKEN', 'sixteen chars ok', /METRICS_TOKEN: must be printable ASCII without spaces/],
    ['METRICS_PORT', '0', /METRICS_PORT: must be between 1 and 65535/],
    ['METRICS_PORT', '65536', /METRICS_PORT: must be between 1 and 65535/],
    ['METRICS_PORT', '9100.5', /METRICS_PORT: must be a whole number/],
    ['METRICS_PORT', '3000', /METRICS_PORT: must differ from PORT/],
  ])('stops with a message naming %s=%s', (name, value, message) => {
    expect(() => loadEnv({ [name]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [name]: value })).toThrow(message);
  });

  it('takes a bucket with both keys, with or without an endpoint', () => {
    const bucket = {
      S3_BUCKET: 'shop-images',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'key',
    };
    expect(loadEnv(bucket)).toMatchObject({ ...bucket, S3_REGION: 'us-east-1' });
    expect(loadEnv({ ...bucket, S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_ENDPOINT).toBe(
      'http://127.0.0.1:9000',
    );
  });
});
