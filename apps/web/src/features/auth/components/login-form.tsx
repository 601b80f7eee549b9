import { type Login, messages } from '@shop/shared';
import { ApiError } from '../../../lib/api-client';
import { Link } from 'react-router';
import type { Resolver } from 'react-hook-form';
import { useSignInEmail } from '../api/sign-in-email';
import { useServerForm } from '../../../lib/use-server-form';
import { TextField } from '../../../components/ui/form-field';
import { SubmitButton } from '../../../components/ui/submit-button';
import { paths } from '../../../lib/paths';
import { AuthLoading } from './auth-card';

let schemaResolver: Promise<Resolver<Login>> | undefined;

/**
 * The shared LoginSchema through zodResolver, downloaded when the visitor first focuses the
 * form or submits it: zod is most of the screen's JavaScript and the first paint does not need
 * it (decision 010). A failed download is tried again on the next submit.
 */
const loadSchemaResolver = () =>
  (schemaResolver ??= import('../utils/login-resolver')
    .then((module) => module.loginResolver)
    .catch((error: unknown) => {
      schemaResolver = undefined;
      throw error;
    }));

const lazyResolver: Resolver<Login> = async (...args) => (await loadSchemaResolver())(...args);

interface LoginFormProps {
  /** The auth state is still loading: the loading button stands where Login will be. */
  authLoading: boolean;
  /** The sign-in failed (the screen shows why above the form), or null: a new attempt starts. */
  onFailure: (message: string | null) => void;
  /** The sign-in was refused until this email is verified (the screen offers a new link). */
  onUnverified: (email: string | null) => void;
}

/**
 * Email and password (checked on submit, then on change). On success the
 * token is stored and the session reloaded; the screen then redirects.
 */
export function LoginForm({ authLoading, onFailure, onUnverified }: LoginFormProps) {
  const signIn = useSignInEmail();
  const {
    field,
    submitWith,
    formState: { isSubmitting },
  } = useServerForm<Login>({
    resolver: lazyResolver,
    defaultValues: { email: '', password: '' },
    serverFields: ['email', 'password'],
    alwaysShowFailure: true,
    onFailure,
  });

  const onSubmit = submitWith(async (values) => {
    onUnverified(null);
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED')
        onUnverified(values.email);
      throw error;
    }
  });
  // Fetched ahead while the visitor types; a failure shows on submit, which tries again.
  const prefetchCheck = () => void loadSchemaResolver().catch(() => undefined);

  return (
    <form noValidate onSubmit={onSubmit} onFocus={prefetchCheck}>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...field('password')}
      />
      <p className="mt-1 text-sm">
        <Link to={paths.forgotPassword} className="link link-primary">
          {messages.passwordReset.forgotLink}
        </Link>
      </p>
      {authLoading ? (
        <AuthLoading className="mt-4" />
      ) : (
        <SubmitButton busy={isSubmitting} className="mt-4 w-full">
          Login
        </SubmitButton>
      )}
    </form>
  );
}
