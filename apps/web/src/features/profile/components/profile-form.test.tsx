import type { Profile } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubApi } from '../../../test/api';
import { errorOf } from '../../../test/fields';
import { renderWithApp } from '../../../test/render';
import { ProfileForm } from './profile-form';

const email = 'ada@example.com';

const stored: Profile = {
  email,
  name: 'Ada',
  birthDate: '10-12-85',
  address: '1 Main St',
  phone: '+15035550100',
  profileLink: 'https://www.linkedin.com/in/ada',
};
const blank: Profile = {
  email,
  name: 'Ada',
  birthDate: null,
  address: null,
  phone: null,
  profileLink: null,
};

const submit = (user: ReturnType<typeof renderWithApp>['user']) =>
  user.click(screen.getByRole('button', { name: 'Update Profile' }));

describe('ProfileForm', () => {
  it('starts from the stored profile, the email shown but not editable', () => {
    renderWithApp(<ProfileForm email={email} profile={stored} />);
    expect(screen.getByRole('form', { name: 'Update Profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue(email);
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('10-12-85');
    expect(screen.getByLabelText('Address')).toHaveValue('1 Main St');
    expect(screen.getByLabelText('Phone')).toHaveValue('+15035550100');
    expect(screen.getByLabelText('LinkedIn profile link')).toHaveValue(
      'https://www.linkedin.com/in/ada',
    );
  });

  it('shows each empty field its message under it, and sends nothing', async () => {
    const fetch = stubApi(() => json({}));
    const { user } = renderWithApp(<ProfileForm email={email} profile={blank} />);
    await submit(user);

    await screen.findByText('Date of birth is required');
    const expected = {
      'Date of birth': 'Date of birth is required',
      Address: 'Address is required',
      Phone: 'Phone number is required',
      'LinkedIn profile link': 'Profile link is required',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = screen.getByLabelText(label);
      expect(field, label).toHaveAttribute('aria-invalid', 'true');
      expect(errorOf(field), label).toBe(message);
    }
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a date in another form, a day that does not exist, a phone without digits and a link that is no URL', async () => {
    stubApi(() => json({}));
    const { user } = renderWithApp(<ProfileForm email={email} profile={blank} />);
    await user.type(screen.getByLabelText('Date of birth'), '1985-12-10');
    await user.type(screen.getByLabelText('Address'), '1 Main St');
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.type(screen.getByLabelText('LinkedIn profile link'), 'linkedin.com/in/ada');
    await submit(user);

    expect(await screen.findByText('Use the form dd-mm-yy')).toBeInTheDocument();
    expect(errorOf(screen.getByLabelText('Phone'))).toBe('Phone number must contain a digit');
    expect(errorOf(screen.getByLabelText('LinkedIn profile link'))).toBe(
      'Provide a valid URL (http or https)',
    );
    expect(screen.getByLabelText('Address')).not.toHaveAttribute('aria-invalid');

    const date = screen.getByLabelText('Date of birth');
    await user.clear(date);
    await user.type(date, '31-04-85');
    expect(await screen.findByText('This date does not exist')).toBeInTheDocument();
  });

  it('sends the profile for the signed-in email on a busy button, then shows the stored answer', async () => {
    let answer: (response: Response) => void = () => {};
    const fetch = stubApi(({ method }) =>
      method === 'PUT'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : json({ ...stored, phone: '+15035550199' }),
    );
    const { user } = renderWithApp(<ProfileForm email={email} profile={stored} />);
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), ' +1 503 555 0199 ');
    await submit(user);

    await vi.waitFor(() =>
      expect(screen.getByRole('button', { name: 'Update Profile' })).toBeDisabled(),
    );
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/userInfo/ada%40example.com');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      email,
      birthDate: '10-12-85',
      address: '1 Main St',
      phone: '+1 503 555 0199',
      profileLink: 'https://www.linkedin.com/in/ada',
    });

    answer(
      json({
        upsertedCount: 1,
        message: 'Updated!!',
        profile: { ...stored, phone: '+15035550199' },
      }),
    );
    // The form shows the profile as the shop stored it.
    await vi.waitFor(() => expect(screen.getByLabelText('Phone')).toHaveValue('+15035550199'));
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });

  it("shows a failed save above the form in the API's words", async () => {
    stubApi(() => apiError(403, 'FORBIDDEN', 'You can change only your own profile'));
    const { user } = renderWithApp(<ProfileForm email={email} profile={stored} />);
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You can change only your own profile',
    );
    expect(screen.getByRole('button', { name: 'Update Profile' })).toBeEnabled();
  });

  it('checks each change once submitted: a phone given a digit, a link made a URL', async () => {
    stubApi(() => json({}));
    const { user } = renderWithApp(<ProfileForm email={email} profile={blank} />);
    await submit(user);
    const phone = screen.getByLabelText('Phone');
    await vi.waitFor(() => expect(errorOf(phone)).toBe('Phone number is required'));

    await user.type(phone, 'call me');
    expect(errorOf(phone)).toBe('Phone number must contain a digit');
    await user.type(phone, ' at 5550100');
    expect(errorOf(phone)).toBe('');
    const link = screen.getByLabelText('LinkedIn profile link');
    await user.type(link, 'linkedin/parker');
    expect(errorOf(link)).toBe('Provide a valid URL (http or https)');
    await user.clear(link);
    await user.type(link, 'https://linkedin.com/in/parker');
    expect(errorOf(link)).toBe('');
    expect(link).not.toHaveAttribute('aria-invalid');
  });
});
