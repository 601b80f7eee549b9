import { PART_IMAGES_PATH } from '@shop/shared';
import { Hono } from 'hono';
import { addApiDocs, apiDocsHeaders, DOCS_PATH } from './api-docs';
import type { Logger } from 'pino';
import { authRoutes } from './auth/auth.routes';
import { requireUser } from './auth/guards';
import { identityReader } from './auth/identity';
import { createSessionTokens } from './auth/session-tokens';
import { createPasswordResetLimiter } from './auth/password-reset-limits';
import { createSignInLimiter } from './auth/sign-in-limiter';
import { createListCountFolding } from './db/list-counts';
import type { CacheSync } from './lib/cache-sync';
import { clientAddressOf } from './lib/client-address';
import { apiNotFound, createErrorHandler, notFound } from './lib/errors';
import { METRICS_PATH, type Metrics, publicMetricsEndpoint } from './lib/metrics';
import { requestEnvelope, requestIdFor, requestScopedLogger } from './lib/request-context';
import { routesOf } from './lib/openapi';
import { createResponseReplay } from './lib/response-replay';
import {
  apiSecurityHeaders,
  bodyLimits,
  corsForConfiguredOrigins,
  securityHeaders,
} from './lib/security';
import {
  CATALOGUE_CACHE_BYTES,
  CATALOGUE_CACHE_PAGES,
  CATALOGUE_IMPORT_PATH,
  catalogueRoutes,
  createCatalogueService,
  createImagesService,
  createPartsService,
  createToolsService,
  IMAGE_UPLOAD_LIMIT_BYTES,
  IMAGE_UPLOAD_PATH,
  imagesRoutes,
  partImageFile,
  partsRoutes,
  toolsRoutes,
} from './modules/catalogue';
import { emailsRoutes } from './modules/emails';
import { healthRoutes } from './modules/health';
import { laptopsRoutes, createLaptopsService, createModelsCsv } from './modules/laptops';
import { createPublicPages, PUBLIC_PAGE_ROUTES } from './modules/public-pages';
import {
  addressesRoutes,
  createAddressesService,
  profilesRoutes,
  createProfilesService,
} from './modules/profiles';
import { reportsRoutes, createReportsService } from './modules/reports';
import { reviewsRoutes, createReviewsService } from './modules/reviews';
import { searchRoutes, createSearchService } from './modules/search';
import { sitemapRoutes, createSitemapService } from './modules/sitemap';
import { summaryRoutes, createSummaryService } from './modules/summary';
import { cartRoutes, createCartService } from './modules/cart';
import { createInvoicesService, invoicesRoutes } from './modules/invoices';
import { createReturnsService, returnsRoutes } from './modules/returns';
import {
  shippingAdminRoutes,
  createShippingAdminService,
  shippingRoutes,
  createRulesCache,
  createShippingService,
} from './modules/shipping';
import { carriersRoutes, createCarriersService } from './modules/carriers';
import {
  createOrderEmails,
  createOrderExpiry,
  createOrdersService,
  createPurchaseKeyCleanup,
  INVOICE_ATTACHMENT,
  linesInWords,
  noteInHistory,
  ordersRoutes,
} from './modules/orders';
import { createPaymentsService, paymentsRoutes } from './modules/payments';
import { createUsersService, usersRoutes } from './modules/users';
import { createOrderPaidFlow } from './flows/order-paid';
import { createRefundFlow } from './flows/refund';
import { createRemoveUserFlow } from './flows/remove-user';
import { createReturnFlow } from './flows/return';

import { type AppDeps, type AppEnv, choosePaymentProvider } from './app-deps';

export type { AppDeps, AppEnv } from './app-deps';

/** The public catalogue's answers, replayed from memory by the server (decision 010). */
export const createCatalogueReplay = (
  env: AppEnv,
  logger: Logger,
  cacheSync?: CacheSync,
  metrics?: Metrics,
) =>
  createResponseReplay({
    // The catalogue's first page, and the pages rendered with a part's or a model's data
    // (decision 036): the same for every caller, and forgotten at each catalogue change.
    paths: ['/api/tools', ...PUBLIC_PAGE_ROUTES],
    ttlMs: env.CATALOGUE_CACHE_MS,
    logger,
    enabled: cacheSync && (() => cacheSync.live),
    // A replayed answer gets its X-Request-Id as Hono's would; its route template is its path.
    requestIdOf: (request) =>
      requestIdFor(env.TRUST_PROXY ? request.headers['x-request-id'] : undefined),
    onReplayed: metrics && ((path, seconds) => metrics.recordRequest('GET', path, 200, seconds)),
  });

/** The API, under `/api`. The server adds the web app's files around it. */
export function createApi({
  db,
  copyCsv,
  env,
  logger,
  auth,
  clientAddress,
  paymentProvider,
  replay,
  cacheSync,
  dataDir,
  metrics,
  mail,
  outboxDir,
  imageStorage,
}: AppDeps) {
  const api = routesOf();
  const cors = corsForConfiguredOrigins(env);
  if (cors) api.use('*', cors);
  // Only the methods that carry a body pass it: a read costs no layer for it. A catalogue
  // import's file (decision 033) and a product image (decision 035) may be larger than any
  // JSON body.
  api.on(
    ['POST', 'PUT', 'PATCH', 'DELETE'],
    '*',
    bodyLimits(env, [
      [CATALOGUE_IMPORT_PATH, env.CATALOGUE_IMPORT_LIMIT_BYTES],
      [IMAGE_UPLOAD_PATH, IMAGE_UPLOAD_LIMIT_BYTES],
    ]),
  );

  const cacheOn = cacheSync && (() => cacheSync.live);
  // Where orders are shipped and taxed: read once per destination, forgotten at every change.
  const shippingRules = createRulesCache({ enabled: cacheOn });
  // A part's page shows its images: the catalogue's caches and copies forget them (decision 036).
  const images = createImagesService(db, imageStorage, () => tools.catalogueChanged());
  const tools = createToolsService(db, {
    images,
    cache: {
      ttlMs: env.CATALOGUE_CACHE_MS,
      maxEntries: CATALOGUE_CACHE_PAGES,
      maxBytes: CATALOGUE_CACHE_BYTES,
    },
    onChange: replay?.clear,
    cacheOn,
  });
  const cart = createCartService(db);
  const carriers = createCarriersService(db);
  // A purchase or a cancel changes a tool's stock: the catalogue cache forgets its pages.
  const orders = createOrdersService(db, {
    tools,
    cart,
    onStockChange: tools.catalogueChanged,
    copyCsv,
    events: metrics?.events,
    unpaidOrderTtlMinutes: env.UNPAID_ORDER_TTL_MINUTES,
    maxUnpaidOrders: env.MAX_UNPAID_ORDERS,
    shippingRules: shippingRules.read,
    shipmentOf: carriers.shipmentOf,
  });
  // What spans modules is a flow (decision 053): each composes the modules' steps in its own
  // transaction, and app.ts hands it to the module whose route starts it.
  const orderPaid = createOrderPaidFlow(db, { orders });
  const payments = createPaymentsService(
    db,
    paymentProvider ?? choosePaymentProvider(db, env),
    { ...orders, markPaid: orderPaid.markPaid },
    logger,
    metrics?.events,
  );
  const refunds = createRefundFlow(db, { orders, payments });
  // The jobs on a timer: the server starts them (server.ts); an app made for a test runs
  // none, its tests run each by hand (`runOnce`).
  const jobs = {
    // Each due order is settled with the payment provider first: a payment that got there
    // first wins.
    orderExpiry: createOrderExpiry(db, {
      expire: (orderId) => payments.expireOrder(orderId, orders.expire),
      logger,
      intervalMs: env.ORDER_EXPIRY_INTERVAL_SECONDS * 1000,
    }),
    purchaseKeyCleanup: createPurchaseKeyCleanup(db, { logger }),
    listCountFolding: createListCountFolding(db, { logger }),
  };
  // Tokens (auth/) find their caller through the users module, which keeps the accounts.
  const tokens = createSessionTokens(db, {
    ttlMinutes: env.ACCESS_TOKEN_TTL_MINUTES,
    cacheMs: env.TOKEN_CACHE_MS,
    callerQuery: (owner) => users.callerQuery(owner),
    cacheOn,
  });
  // A password reset deleted the account's tokens (auth/better-auth.ts): none is remembered.
  auth.onPasswordReset(() => tokens.forgetAll());
  // A new name (My Profile) is the token's caller's at once.
  auth.onNameChange((userId) => tokens.forgetUser(userId));
  // Every process, this one included, hears each committed change (migration 0011).
  cacheSync?.subscribe({
    apply: (change) => {
      if (change.kind === 'catalogue') tools.catalogueChanged();
      else if (change.kind === 'shipping') {
        shippingRules.forget();
        tools.catalogueChanged();
      } else if (change.kind === 'token') tokens.forgetToken(change.tokenHash);
      else tokens.forgetUser(change.userId);
    },
    clearAll: () => {
      tools.catalogueChanged();
      shippingRules.forget();
      tokens.forgetAll();
    },
  });
  const users = createUsersService(db, { adminEmail: env.ADMIN_EMAIL, tokens });
  // A removed customer's unpaid orders are cancelled and their stock returns, in the removal's
  // own transaction; the catalogue forgets after the commit.
  const removeUser = createRemoveUserFlow(db, {
    users,
    orders,
    onStockChange: tools.catalogueChanged,
  });
  // ADMIN_EMAIL becomes admin at a sign-in whose provider verified it, and only then.
  auth.onProviderVerifiedSignIn(async (signIn) => {
    await users.claimAdminEmail(signIn);
  });
  // The order emails: queued by the mail worker from the orders' history, before each sweep.
  mail.addSource(createOrderEmails(db, { mail, users, publicUrl: env.PUBLIC_URL }).queueDue);
  // Invoices and credit notes: issued by payments and refunds, read by their buyer and admins;
  // the receipt email attaches the invoice, drawn when the email is sent.
  const invoices = createInvoicesService(db, orders);
  mail.addAttachmentKind(INVOICE_ATTACHMENT, async (ref) => ({
    ...(await invoices.attachment(ref)),
    contentType: 'application/pdf',
  }));
  // Better Auth first, then the modules (docs/architecture.md).
  api.route(
    '/',
    authRoutes(
      auth,
      env,
      createSignInLimiter(db),
      clientAddress ?? clientAddressOf(env.TRUST_PROXY),
      createPasswordResetLimiter(db),
    ),
  );
  api.route(
    '/',
    healthRoutes(db, {
      dataDir,
      logger,
      announcements: cacheSync && (() => (cacheSync.live ? 'heard' : 'not heard')),
    }),
  );
  const signedIn = requireUser(tokens);
  api.route('/', usersRoutes(users, removeUser, signedIn, identityReader(auth)));
  api.route('/', ordersRoutes(orders, signedIn));
  api.route('/', cartRoutes(cart, signedIn));
  api.route('/', carriersRoutes(carriers, signedIn));
  api.route('/', shippingRoutes(createShippingService(db, shippingRules.read)));
  api.route(
    '/',
    shippingAdminRoutes(
      createShippingAdminService(db, {
        onChange: () => {
          shippingRules.forget();
          tools.catalogueChanged();
        },
      }),
      signedIn,
    ),
  );
  api.route('/', reportsRoutes(createReportsService(db), signedIn));
  api.route('/', paymentsRoutes(payments, refunds, signedIn, env.STRIPE_PUBLISHABLE_KEY));
  api.route('/', invoicesRoutes(invoices, signedIn));
  const returns = createReturnsService(db, {
    orders: { ...orders, noteInHistory, linesInWords },
    mail,
    publicUrl: env.PUBLIC_URL,
  });
  const returnFlow = createReturnFlow(db, {
    returns,
    refunds,
    onStockChange: tools.catalogueChanged,
  });
  api.route('/', returnsRoutes(returns, returnFlow, signedIn));
  api.route('/tools', toolsRoutes(tools, signedIn));
  api.route(
    '/',
    catalogueRoutes(
      createCatalogueService(db, {
        models: createModelsCsv(db),
        onChange: tools.catalogueChanged,
      }),
      signedIn,
    ),
  );
  api.route('/', searchRoutes(createSearchService(db)));
  api.route('/summary', summaryRoutes(createSummaryService(db)));
  const laptops = createLaptopsService(db);
  const parts = createPartsService(db, { images });
  api.route('/', laptopsRoutes(laptops));
  api.route('/', imagesRoutes(images, signedIn));
  api.route('/', partsRoutes(parts));
  api.route(
    '/reviews',
    reviewsRoutes(
      createReviewsService(db, () => tools.catalogueChanged()),
      signedIn,
    ),
  );
  api.route('/', profilesRoutes(createProfilesService(db, { users }), signedIn));
  api.route('/', addressesRoutes(createAddressesService(db), signedIn));
  api.route('/', emailsRoutes(mail, signedIn, { outboxDir, mode: env.NODE_ENV }));
  addApiDocs(api);

  api.all('*', apiNotFound);
  // No error handler of its own: the app's (createApp) answers the API's errors too. With one,
  // Hono would wrap each of the API's handlers in a composition of its own when mounting it,
  // costing every request a layer of promises per handler.
  // The pages the server renders with their data read as these routes read it (decision 036).
  const screens = createPublicPages({ parts, laptops }, env.PUBLIC_URL);
  return Object.assign(api, { jobs, screens, images });
}

const NO_HEADERS: ReadonlyArray<readonly [string, string]> = [];

/** The app's jobs on a timer, by name: started and stopped by the server (server.ts). */
export type ShopJobs = ReturnType<typeof createApi>['jobs'];

/** The whole HTTP app: headers and logs on every response, the API under `/api`. */
export function createApp(appDeps: AppDeps) {
  // Every line logged while a request is handled names its id (request-context.ts).
  const deps = { ...appDeps, logger: requestScopedLogger(appDeps.logger) };
  const app = new Hono();
  // Outside the envelope, so a replayed copy carries every header the envelope sets but the
  // request id; on the replayed paths only, and only when copies are kept at all.
  if (deps.replay?.keeping)
    for (const path of deps.replay.paths) app.use(path, deps.replay.capture);
  const apiHeaders = apiSecurityHeaders(deps.env);
  const isApiPath = (path: string) =>
    path === '/api' || path.startsWith('/api/') || path === METRICS_PATH;
  app.use(
    '*',
    requestEnvelope({
      trustProxy: deps.env.TRUST_PROXY,
      logger: deps.logger,
      onAnswered: deps.metrics?.recordAnswer,
      // The API reference is a page, with scripts of its own: its own policy (api-docs.ts).
      headersFor: (path) => (isApiPath(path) && path !== DOCS_PATH ? apiHeaders : NO_HEADERS),
    }),
  );
  const pageHeaders = securityHeaders(deps.env, {
    stripe: Boolean(deps.env.STRIPE_PUBLISHABLE_KEY),
  });
  const docsHeaders = apiDocsHeaders(deps.env);
  app.use('*', (c, next) =>
    c.req.path === DOCS_PATH
      ? docsHeaders(c, next)
      : isApiPath(c.req.path)
        ? next()
        : pageHeaders(c, next),
  );
  // Before the web app's fallback page (server.ts), which would answer any other path.
  app.all(METRICS_PATH, publicMetricsEndpoint(deps.metrics, deps.env.METRICS_TOKEN));
  // The sitemap and robots.txt are the site's, not the API's: there too, before the fallback.
  const publicUrl = deps.env.PUBLIC_URL;
  app.route('/', sitemapRoutes(createSitemapService(deps.db, { publicUrl }), publicUrl));
  const api = createApi(deps);
  app.route('/api', api);
  // Before the web app's files and fallback page (server.ts), as the metrics.
  app.get(`${PART_IMAGES_PATH}/:file`, partImageFile(api.images));
  // Any other address there names no image file (an empty name, a folder): a 404 as the API's.
  app.all(`${PART_IMAGES_PATH}/*`, () => {
    throw notFound('Image');
  });
  app.onError(createErrorHandler(deps.logger));
  return Object.assign(app, { jobs: api.jobs, mail: deps.mail, screens: api.screens });
}
