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
  /** A cart holds at most `max` different tools (API and browser alike). */
  cartFull: (max: number) =>
    `Your cart holds ${max} different tools, the most it can. Check out or remove one first.`,
  quantityNotice: (min: number, available: number) =>
    `Minimum Order quantity is ${min}. Please select a value between ${min} and ${available}`,
} as const;
