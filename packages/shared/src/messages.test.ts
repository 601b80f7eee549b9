import { describe, expect, it } from 'vitest';
import { messages } from './messages';

/** docs/product.md quotes these texts word for word; both apps show them as they are here. */
describe('the shared messages', () => {
  it('are the texts the product quotes', () => {
    expect(messages).toMatchObject({
      validation: {
        nameRequired: 'Name is required',
        emailRequired: 'Email is required',
        emailInvalid: 'Provide a valid Email',
        passwordRequired: 'Password is required',
        passwordTooShort: 'Must have 6 characters',
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
      failure: { makeAdmin: 'failed to make an admin' },
      passwordReset: { sent: 'If an account exists for that email, we sent a link' },
    });
  });
});
