import type { Migration } from 'kysely';
import * as catalogue from './0001-catalogue';
import * as users from './0002-users';
import * as orders from './0003-orders';
import * as profiles from './0004-profiles-and-review-authors';
import * as sandboxPayments from './0005-sandbox-payments';
import * as toolNameSearch from './0006-tool-name-search';
import * as orderReservations from './0007-order-reservations';
import * as paymentSettlement from './0008-payment-settlement';
import * as sessionTokens from './0009-session-tokens';
import * as ordersByAccount from './0010-orders-by-account';
import * as cacheAnnouncements from './0011-cache-announcements';
import * as cartAndOrderLines from './0012-cart-and-order-lines';
import * as orderWorkflow from './0013-order-workflow';
import * as salesReports from './0014-sales-reports';
import * as pagedLists from './0015-paged-lists';
import * as orderAndUserSearch from './0016-order-and-user-search';
import * as backOfficeAtScale from './0017-back-office-at-scale';
import * as emailOutbox from './0018-email-outbox';
import * as orderEmails from './0019-order-emails';
import * as refundClaims from './0020-refund-claims';
import * as partsCatalogue from './0021-parts-catalogue';
import * as partSearch from './0022-part-search';
import * as partListing from './0023-part-listing';
import * as partSearchIndexes from './0024-part-search-indexes';
import * as partImages from './0025-part-images';
import * as partPages from './0026-part-pages';
import * as shippingAndTax from './0027-shipping-and-tax';
import * as addressBook from './0028-address-book';
import * as lineRefunds from './0029-line-refunds';
import * as shippingAnnouncements from './0030-shipping-announcements';
import * as invoices from './0031-invoices';
import * as returns from './0032-returns';
import * as orderNumbers from './0033-order-numbers';
import * as hyphenatedWords from './0034-hyphenated-words';
import * as salesFigures from './0035-sales-figures';
import * as orderEventKinds from './0036-order-event-kinds';
import * as carriers from './0037-carriers';
import * as partTitles from './0038-part-titles';

/**
 * Every migration, in order. Listed here (not read from the disk) so the bundled server
 * carries them; names never change once released.
 */
export const migrations: Record<string, Migration> = {
  '0001-catalogue': catalogue,
  '0002-users': users,
  '0003-orders': orders,
  '0004-profiles-and-review-authors': profiles,
  '0005-sandbox-payments': sandboxPayments,
  '0006-tool-name-search': toolNameSearch,
  '0007-order-reservations': orderReservations,
  '0008-payment-settlement': paymentSettlement,
  '0009-session-tokens': sessionTokens,
  '0010-orders-by-account': ordersByAccount,
  '0011-cache-announcements': cacheAnnouncements,
  '0012-cart-and-order-lines': cartAndOrderLines,
  '0013-order-workflow': orderWorkflow,
  '0014-sales-reports': salesReports,
  '0015-paged-lists': pagedLists,
  '0016-order-and-user-search': orderAndUserSearch,
  '0017-back-office-at-scale': backOfficeAtScale,
  '0018-email-outbox': emailOutbox,
  '0019-order-emails': orderEmails,
  '0020-refund-claims': refundClaims,
  '0021-parts-catalogue': partsCatalogue,
  '0022-part-search': partSearch,
  '0023-part-listing': partListing,
  '0024-part-search-indexes': partSearchIndexes,
  '0025-part-images': partImages,
  '0026-part-pages': partPages,
  '0027-shipping-and-tax': shippingAndTax,
  '0028-address-book': addressBook,
  '0029-line-refunds': lineRefunds,
  '0030-shipping-announcements': shippingAnnouncements,
  '0031-invoices': invoices,
  '0032-returns': returns,
  '0033-order-numbers': orderNumbers,
  '0034-hyphenated-words': hyphenatedWords,
  '0035-sales-figures': salesFigures,
  '0036-order-event-kinds': orderEventKinds,
  '0037-carriers': carriers,
  '0038-part-titles': partTitles,
};
