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
  /** The shop's emails (apps/api/src/mail/templates): subjects and words. */
  email: {
    shopName: 'Laptop Parts Shop',
    greeting: (name: string) => `Hello ${name},`,
    footer: 'You receive this email because of your account at Laptop Parts Shop.',
    passwordReset: {
      subject: 'Reset your Laptop Parts Shop password',
      preview: 'A link to set a new password, valid for one hour',
      body: 'Someone asked to reset the password of your Laptop Parts Shop account. Use the button below to set a new one. The link works once, within one hour.',
      button: 'Set a new password',
      linkIntro: 'Or open this link:',
      ignore: 'If you did not ask for this, ignore this email: your password stays as it is.',
    },
  },
  /** The back office's list of emails that failed to send, and the outbox of development. */
  emails: {
    failedTitle: 'Emails not sent',
    failedEmpty: 'Every email was sent at its first attempt.',
    outboxTitle: 'Outbox (development)',
    outboxIntro: 'Without SMTP_URL the shop writes its emails here instead of sending them.',
    outboxEmpty: 'No email written yet.',
    outboxUnavailable: 'The outbox is shown only outside production.',
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
  /** A cart holds at most `max` different tools (API and browser alike). */
  cartFull: (max: number) =>
    `Your cart holds ${max} different tools, the most it can. Check out or remove one first.`,
  quantityNotice: (min: number, available: number) =>
    `Minimum Order quantity is ${min}. Please select a value between ${min} and ${available}`,
} as const;
