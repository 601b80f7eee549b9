import { formatPercent } from './percent';

/**
 * Every user-facing text of docs/product.md that both apps need, written once.
 * The product quotes these word for word; do not reword them.
 */
export const messages = {
  validation: {
    nameRequired: 'Name is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Provide a valid Email',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Must have 6 characters',
    /** A reset request or reset without the link's token. */
    tokenRequired: 'The link is missing its token',
    /** A needed-by day before the shop's today (shop-calendar.ts). */
    neededByPast: 'The needed-by date cannot be in the past',
  },
  success: {
    purchased: 'Successfully Purchased',
    reviewAdded: 'Review Added',
    toolAdded: 'Tool Added',
    userRemoved: 'User Removed!!',
    adminSelected: 'Admin Selected!!',
    profileUpdated: 'Updated!!',
    profileUnchanged: 'Already Updated!!',
    paid: 'Congratulation!!',
    /** The cart's checkout placed its order (ours: the product has no cart). */
    orderPlaced: 'Order placed. Pay for it below.',
  },
  failure: {
    makeAdmin: 'failed to make an admin',
    /** A retired part's public page (410, issue 34). */
    partRetired: 'This part is no longer sold.',
  },
  /** Password reset (issue 19): /forgot-password, /reset-password and their refusals. */
  passwordReset: {
    forgotLink: 'Forget Password?',
    forgotTitle: 'Forgot Password',
    forgotIntro:
      'Enter the email of your account and we will send you a link to set a new password.',
    send: 'Send Link',
    /** The one answer to a reset request, whether or not the account exists. */
    sent: 'If an account exists for that email, we sent a link',
    resetTitle: 'Set a New Password',
    newPassword: 'New Password',
    save: 'Set Password',
    done: 'Your password is changed. Please sign in with it.',
    /** A link used already, expired, or mangled. */
    invalidLink: 'This link is no longer valid. Please ask for a new one.',
    missingToken: 'This page needs the link from the email. Please ask for a new one.',
    askAgain: 'Ask for a new link',
    backToLogin: 'Back to Login',
    tooManyRequests: (minutes: number) =>
      `Too many password reset requests. Please try again in ${minutes} minutes.`,
  },
  /** Email verification (issue 19): Login's refusal and resend, the notice, the link's landing. */
  emailVerification: {
    /** Sign-in refused while REQUIRE_EMAIL_VERIFICATION is on and the email is not verified. */
    required:
      'Please verify your email before you sign in: open the link we emailed you, or send a new one.',
    resend: 'Send the link again',
    /** The answer to a resend, whether or not the account exists or is verified already. */
    resent: 'If that account still needs it, we sent a new link. Please check your email.',
    /** Sign-up while verification is required: no session until the link is opened. */
    checkEmail: (email: string) =>
      `We sent a link to ${email}. Open it to verify your email, then sign in.`,
    notice: (email: string) => `Please verify your email: open the link we sent to ${email}.`,
    noticeLabel: 'Verify your email',
    dismiss: 'Dismiss',
    sentNotice: 'We sent a new link. Please check your email.',
    verified: 'Your email is verified.',
    invalidLink: 'This verification link is no longer valid. Sign in and send a new one.',
  },
  /**
   * A signed-in user whose access token got no answer, or a server failure (issue 31): they stay
   * signed in, are told on every page, and the app asks again by itself.
   */
  signInRetry: {
    notice: 'We could not reach the shop. Trying again...',
    noticeLabel: 'Connection to the shop',
    retry: 'Try again',
    /** The heading of a signed-in screen while it waits for the token. */
    waitingTitle: 'Waiting for the shop',
  },
  /**
   * A sign-in, sign-up or account change from a page opened at another address than the shop's
   * (PUBLIC_URL, or this machine's loopback names when it is not set): refused, with the address.
   */
  wrongAddress: (address: string) =>
    `This page is not open at the shop's address: open ${address} and try again.`,
  /** My Profile's account forms (issue 19): the display name and the password. */
  account: {
    nameTitle: 'Display Name',
    nameLabel: 'Name',
    saveName: 'Save Name',
    nameChanged: 'Your name is changed.',
    passwordTitle: 'Change Password',
    currentPassword: 'Current Password',
    newPassword: 'New Password',
    savePassword: 'Change Password',
    passwordChanged: 'Your password is changed. Your other devices are signed out.',
    wrongPassword: 'The current password is not correct',
    /** An account that signs in only with a provider has no password to change. */
    noPassword: 'This account signs in with a provider and has no password here.',
  },
  /** The shop's emails (apps/api/src/mail/templates): subjects and words. */
  email: {
    shopName: 'Laptop Parts Shop',
    greeting: (name: string) => `Hello ${name},`,
    footer: 'You receive this email because of your account at Laptop Parts Shop.',
    /** Before a link email's address, written out under its button. */
    linkIntro: 'Or open this link:',
    passwordReset: {
      subject: 'Reset your Laptop Parts Shop password',
      preview: 'A link to set a new password, valid for one hour',
      body: 'Someone asked to reset the password of your Laptop Parts Shop account. Use the button below to set a new one. The link works once, within one hour.',
      button: 'Set a new password',
      ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    },
    verifyEmail: {
      subject: 'Verify your email for Laptop Parts Shop',
      preview: 'One click confirms your email address',
      body: 'Please confirm that this is your email address. Use the button below; the link works within one hour.',
      button: 'Verify my email',
      ignore: 'If you did not create an account, ignore this email.',
    },
    order: {
      /** The order's number as `formatOrderNumber` writes it: "Order ORD-000123". */
      number: (number: string) => `Order ${number}`,
      total: 'Total',
      subtotal: 'Subtotal',
      shipping: (method: string) => `Shipping (${method})`,
      /** "VAT 19%", or "Includes VAT 19%" where the prices include it. */
      tax: (name: string, rate: number, included: boolean) =>
        `${included ? `Includes ${name}` : name} ${formatPercent(rate)}`,
      transactionId: 'Transaction id',
      address: 'Delivery address',
      view: 'See the order',
      placed: {
        subject: (number: string) => `We got your order (${number})`,
        preview: 'Your order is placed; pay for it to have it sent',
        body: (payBy: string) =>
          `Thank you for your order. We hold its tools for you until ${payBy} (UTC): pay for it by then, or it is cancelled.`,
        button: 'Pay for the order',
      },
      paid: {
        subject: (number: string) => `Your receipt for ${number}`,
        preview: 'Your payment is received',
        body: 'Thank you: we received your payment. This is your receipt.',
        invoice: (number: string) => `Your invoice ${number} is attached to this email.`,
      },
      shipped: {
        subject: (number: string) => `Your order is on its way (${number})`,
        preview: 'Your order has left our warehouse',
        body: 'Your order has left our warehouse and is on its way to you.',
        carrier: (name: string) => `Carrier: ${name}`,
        trackingNumber: (number: string) => `Tracking number: ${number}`,
        track: 'Track the parcel',
      },
      cancelled: {
        subject: (number: string) => `Your order is cancelled (${number})`,
        preview: 'Your order is cancelled and nothing was charged',
        byBuyer: 'Your order is cancelled, as you asked. Nothing was charged.',
        byShop: 'Your order was cancelled by the shop. Nothing was charged.',
        expired:
          'Your order was cancelled because it was not paid in time. Nothing was charged; you can order again at any time.',
      },
      /** Each step of a return (issue 36), told to the buyer. */
      returnStep: {
        requested: {
          subject: (number: string) => `We got your return request (${number})`,
          body: 'We got your request to return these parts. We will answer within two working days.',
        },
        authorised: {
          subject: (number: string) => `Your return is authorised (${number})`,
          body: 'You can send these parts back to us. Pack them well and put the order number in the parcel.',
        },
        refused: {
          subject: (number: string) => `Your return was not authorised (${number})`,
          body: 'We cannot take these parts back.',
        },
        received: {
          subject: (number: string) => `We received your return (${number})`,
          body: 'The parts you sent back have arrived. Your refund follows shortly.',
        },
        refunded: {
          subject: (number: string) => `Your return is refunded (${number})`,
          body: 'We refunded your return to the card you paid with. Your credit note is on the order page.',
        },
        reason: 'Reason',
        message: 'Our message',
        refundedAmount: (amount: string) => `Refunded: ${amount}`,
        fee: (amount: string) => `Restocking fee kept: ${amount}`,
      },
      paidAdmin: {
        subject: (number: string, total: string) => `Order paid: ${number}, ${total}`,
        preview: 'A customer paid for an order',
        body: (name: string, email: string) => `${name} (${email}) paid for this order.`,
      },
    },
  },
  /** An order's history (its page): each step by its kind (migration 0036). */
  orderHistory: {
    placed: (status: string) => `Placed (${status})`,
    statusChanged: (from: string, to: string) => `${from} → ${to}`,
    linesRefunded: (what: string) => `Lines refunded: ${what}`,
    /** A return's steps name its lines and its reason: "Return requested: 1 × Fan · Faulty". */
    returnStep: {
      return_requested: 'Return requested',
      return_authorised: 'Return authorised',
      return_refused: 'Return refused',
      parts_received: 'Parts received',
    },
    note: (status: string) => `Note (${status})`,
    reason: (reason: string) => `Reason: ${reason}`,
  },
  /** The back office's list of emails that failed to send, and the outbox of development. */
  emails: {
    failedTitle: 'Emails not sent',
    failedEmpty: 'Every email was sent at its first attempt.',
    outboxOnly:
      'No email was sent: without SMTP_URL the shop only writes its emails to the outbox folder (DATA_DIR/outbox), where nobody receives them.',
    outboxTitle: 'Outbox (development)',
    outboxIntro: 'Without SMTP_URL the shop writes its emails here instead of sending them.',
    outboxEmpty: 'No email written yet.',
    outboxUnavailable: 'The outbox is shown only in development, to the machine the shop runs on.',
    outboxLoading: 'Loading the outbox',
    outboxFailed: 'The outbox could not be loaded',
    failedLoading: 'Loading the emails not sent',
    failedFailed: 'The emails not sent could not be loaded',
    count: (count: number) => `${count} ${count === 1 ? 'email' : 'emails'}`,
    columns: {
      subject: 'Subject',
      to: 'To',
      date: 'Date',
      links: 'Links',
      attempts: 'Attempts',
      lastError: 'Last error',
      state: 'State',
    },
    sentAt: (when: string) => `Sent ${when}`,
    nextAttemptAt: (when: string) => `Next attempt ${when}`,
    nextAttemptSoon: 'Next attempt soon',
  },
  /** Import catalogue (admins; issue 33): the catalogue in bulk, as CSV files. */
  catalogueImport: {
    title: 'Import catalogue',
    intro:
      'Add or update laptop models or parts from a CSV file. Check the file first: nothing is written until you import it, and a file with any error is not imported at all.',
    kindLegend: 'What the file holds',
    kinds: { models: 'Laptop models', parts: 'Parts' },
    fileLabel: 'CSV file',
    fileRequired: 'Choose a .csv file',
    check: 'Check file',
    import: 'Import',
    checkFirst: 'Check the file before importing it.',
    checked: (rows: number) =>
      `The file is ready to import: ${rows} ${rows === 1 ? 'row' : 'rows'}.`,
    imported: (created: number, updated: number) =>
      `Catalogue imported: ${created} created, ${updated} updated.`,
    emptyFile: 'The file has no rows to import.',
    counts: { created: 'To create', updated: 'To update', unchanged: 'Unchanged' },
    countsDone: { created: 'Created', updated: 'Updated', unchanged: 'Unchanged' },
    errorsTitle: (count: number) =>
      `The file was not imported: ${count} ${count === 1 ? 'error' : 'errors'}`,
    columns: { row: 'Row', column: 'Column', message: 'Error' },
    wholeRow: 'Whole row',
    errorsShown: (shown: number) =>
      `The first ${shown} are listed; fix them and check the file again.`,
    /** What each column of a file holds (issue 49): `CATALOGUE_COLUMN_DEFINITIONS`, as a table. */
    guide: {
      title: { models: 'Columns of a laptop models file', parts: 'Columns of a parts file' },
      intro: {
        models:
          'The first row names these columns, in this order; each row after it is one laptop model.',
        parts: 'The first row names these columns, in this order; each row after it is one part.',
      },
      headers: {
        column: 'Column',
        meaning: 'What to write',
        required: 'Required',
        example: 'Example',
      },
      required: 'Yes',
      optional: 'No',
      template: {
        models: 'Download laptop models template (CSV)',
        parts: 'Download parts template (CSV)',
      },
      templateHint: {
        models: 'The header row and one example row, which imports as it is.',
        parts:
          "The header row and one example row, which imports as it is once the shop has the example's laptop (the laptop models template's).",
      },
    },
    downloadTitle: 'Download current catalogue (CSV)',
    download: { models: 'Download laptop models (CSV)', parts: 'Download parts (CSV)' },
    downloadFailed: 'The catalogue could not be downloaded. Please try again.',
    changedMeanwhile:
      'The catalogue changed while the file was being imported, and nothing was written. Check the file again.',
  },
  /** The parts catalogue's fields of a tool (issue 33): what the server refuses by name. */
  catalogue: {
    unknownCategory: (slug: string) => `Unknown category: ${slug}`,
    /** The first few slugs no laptop model has, and how many more. */
    unknownModels: (slugs: readonly string[]) => {
      const shown = slugs.slice(0, 5).join(', ');
      const more = slugs.length > 5 ? ` and ${slugs.length - 5} more` : '';
      return `Unknown laptop ${slugs.length === 1 ? 'model' : 'models'}: ${shown}${more}`;
    },
    skuTaken: (sku: string) => `SKU ${sku} is already used by another part`,
  },
  /** Product images (issue 34): why the server refuses an uploaded file. */
  images: {
    notAnImage: 'The file is not a JPEG, PNG, WebP or AVIF image',
    markup:
      'The file holds markup (HTML, SVG or script): upload the picture alone, as a JPEG, PNG, WebP or AVIF file',
    unreadable: 'The image could not be read: the file is damaged or cut short',
    tooManyPixels: (maxSide: number, maxMegapixels: number) =>
      `The image is too large: at most ${maxSide} pixels a side and ${maxMegapixels} megapixels`,
    tooLarge: (maxMegabytes: number) => `The file is larger than ${maxMegabytes} MB`,
  },
  /** Entering parts (issue 49): a picture as the part's image. */
  partEntry: {
    lastPictureIsTheImage:
      "This picture is the part's only image: add another picture first, or remove the part",
  },
  /** A cart holds at most `max` different tools (API and browser alike). */
  cartFull: (max: number) =>
    `Your cart holds ${max} different tools, the most it can. Check out or remove one first.`,
  quantityNotice: (min: number, available: number) =>
    `Minimum Order quantity is ${min}. Please select a value between ${min} and ${available}`,
} as const;
