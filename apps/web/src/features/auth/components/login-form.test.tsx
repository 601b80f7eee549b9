import { messages } from '@shop/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_KEY } from '../../../lib/api-client';
import { apiError, json, stubApi } from '../../../test/api';
import { renderWithApp } from '../../../test/render';
import { LoginForm } from './login-form';

const { validation } = messages;

const authUser = {
  id: 'u-1',
  email: 'ada@example.com',
  name: 'Ada',
  emailVerified: true,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const renderLogin = ({ authLoading = false } = {}) => {
  const onFailure = vi.fn();
  const onUnverified = vi.fn();
  const rendered = renderWithApp(
    <LoginForm authLoading={authLoading} onFailure={onFailure} onUnverified={onUnverified} />,
    { path: '/login' },
  );
  return { ...rendered, onFailure, onUnverified };
};

/** The message under a field: the element its aria-describedby names. */
const messageOf = (field: HTMLElement) =>
  document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

describe('LoginForm', () => {
  it('shows each empty field its message under it, and sends nothing', async () => {
    const fetch = stubApi(() => json({}));
    const { user } = renderLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText('Email');
    const password = screen.getByLabelText('Password');
    await vi.waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(messageOf(email)).toBe(validation.emailRequired);
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf(password)).toBe(validation.passwordRequired);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says when the email is not valid and the password too short, and clears a fixed one', async () => {
    stubApi(() => json({}));
    const { user } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByText(validation.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(validation.passwordTooShort)).toBeInTheDocument();

    // Checked again on every change once submitted.
    await user.type(screen.getByLabelText('Password'), '6');
    expect(screen.queryByText(validation.passwordTooShort)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  it('signs in with the email and password, waits on a busy button, then keeps the token', async () => {
    let answerSignIn: (response: Response) => void = () => {};
    const fetch = stubApi(({ method, path }) => {
      if (method === 'POST' && path === '/api/auth/sign-in/email')
        return new Promise<Response>((resolve) => (answerSignIn = resolve));
      if (method === 'PUT' && path === '/api/user/ada%40example.com')
        return json({ token: 'jwt-1' });
      return json({});
    });
    const { user, onFailure } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeDisabled());
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/auth/sign-in/email');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ada@example.com',
      password: 'secret1',
    });

    answerSignIn(json({ token: 'session', user: authUser }));
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled());
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('jwt-1');
    expect(onFailure).toHaveBeenLastCalledWith(null);
  });

  it("tells the screen the API's refusal, and an unverified email which to verify", async () => {
    stubApi(() => apiError(403, 'EMAIL_NOT_VERIFIED', 'Email not verified'));
    const { user, onFailure, onUnverified } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    await vi.waitFor(() => expect(onFailure).toHaveBeenLastCalledWith('Email not verified'));
    expect(onUnverified).toHaveBeenLastCalledWith('ada@example.com');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
  });

  it('puts a refusal naming a field under that field', async () => {
    stubApi(() =>
      apiError(400, 'VALIDATION', 'Check the form', { email: ['Provide a valid Email'] }),
    );
    const { user, onFailure } = renderLogin();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    const email = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(messageOf(email)).toBe('Provide a valid Email'));
    expect(email).toHaveFocus();
    // The sign-in screens show the words above the form too.
    expect(onFailure).toHaveBeenLastCalledWith('Check the form');
  });

  it('shows a waiting button instead of Login while the sign-in state loads', () => {
    renderLogin({ authLoading: true });
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Loading' })).toBeDisabled();
    expect(screen.getByRole('link', { name: messages.passwordReset.forgotLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says nothing before the first submit, then checks each change and clears what is fixed', async () => {
    stubApi(() => json({}));
    const { user } = renderLogin();
    const email = screen.getByLabelText('Email');
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(screen.queryByText(validation.emailInvalid)).not.toBeInTheDocument();
    await user.clear(email);
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await vi.waitFor(() => expect(messageOf(email)).toBe(validation.emailRequired));

    await user.type(email, 'buyer@example');
    expect(messageOf(email)).toBe(validation.emailInvalid);
    await user.type(email, '.com');
    expect(screen.queryByText(validation.emailInvalid)).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });
});
