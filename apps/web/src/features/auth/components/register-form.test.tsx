import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/api-client';
import { apiError, json, stubApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { RegisterForm } from './register-form';

const { validation } = messages;

const authUser = (email: string) => ({
  id: 'u-1',
  email,
  name: 'Ada',
  emailVerified: false,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
});

const renderRegister = () => {
  const onFailure = vi.fn();
  const onMustVerify = vi.fn();
  const rendered = renderWithApp(
    <RegisterForm onFailure={onFailure} onMustVerify={onMustVerify} />,
    { path: '/register' },
  );
  return { ...rendered, onFailure, onMustVerify };
};

const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

const fill = async (
  user: ReturnType<typeof renderRegister>['user'],
  { name = 'Ada', email = 'ada@example.com', password = 'secret1' } = {},
) => {
  if (name) await user.type(screen.getByLabelText('Name'), name);
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
};

describe('RegisterForm', () => {
  it('shows each empty field its message under it, and sends nothing', async () => {
    const fetch = stubApi(() => json({}));
    const { user } = renderRegister();
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const name = screen.getByLabelText('Name');
    await vi.waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(messageOf(name)).toBe(validation.nameRequired);
    expect(messageOf(screen.getByLabelText('Email'))).toBe(validation.emailRequired);
    expect(messageOf(screen.getByLabelText('Password'))).toBe(validation.passwordRequired);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses a name of spaces, an email without a domain and a short password', async () => {
    stubApi(() => json({}));
    const { user } = renderRegister();
    await fill(user, { name: '   ', email: 'ada@', password: 'abc' });
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText(validation.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(validation.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(validation.passwordTooShort)).toBeInTheDocument();
  });

  it('sends the name, email and password, with a busy button until the account is made', async () => {
    let answerSignUp: (response: Response) => void = () => {};
    const fetch = stubApi(({ path }) =>
      path === '/api/auth/sign-up/email'
        ? new Promise<Response>((resolve) => (answerSignUp = resolve))
        : json({ token: 'jwt-2' }),
    );
    const { user, onMustVerify } = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Sign Up' })).toBeDisabled());
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/auth/sign-up/email');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      password: 'secret1',
    });

    answerSignUp(json({ token: 'session', user: authUser('ada@example.com') }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled());
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('jwt-2');
    expect(onMustVerify).not.toHaveBeenCalled();
  });

  it('says which email must be verified when the account has no session yet', async () => {
    const fetch = stubApi(() => json({ token: null, user: authUser('ada@example.com') }));
    const { user, onMustVerify } = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    await vi.waitFor(() => expect(onMustVerify).toHaveBeenCalledWith('ada@example.com'));
    // No token is asked for an account that cannot sign in yet.
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  });

  it("puts a taken email's refusal under the email, focused, and tells the screen", async () => {
    stubApi(() =>
      apiError(409, 'EMAIL_TAKEN', 'This email has an account', {
        email: ['This email has an account'],
      }),
    );
    const { user, onFailure } = renderRegister();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));

    const email = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(messageOf(email)).toBe('This email has an account');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');
    expect(onFailure).toHaveBeenLastCalledWith('This email has an account');
  });
});
