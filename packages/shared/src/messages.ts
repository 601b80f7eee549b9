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
  },
  failure: {
    makeAdmin: 'failed to make an admin',
  },
  quantityNotice: (min: number, available: number) =>
    `Minimum Order quantity is ${min}. Please select a value between ${min} and ${available}`,
} as const;
