import { useMutation } from '@tanstack/react-query';
import { api, type ApiBody } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { forgetAccessToken } from '../utils/token-storage';

/** Google, GitHub, and the OpenID Connect provider configured on the server (id "oidc"). */
export type SocialProvider = 'google' | 'github' | 'oidc';

/** Where the provider's answer lands, signed in (`callbackURL`) or not (`errorCallbackURL`). */
type SocialSignInUrls = Omit<ApiBody<'post', '/auth/sign-in/social'>, 'provider'>;

/**
 * `POST /api/auth/sign-in/social`: answers the provider's sign-in page. Better Auth serves the
 * generic OpenID Connect provider through this same endpoint, as provider "oidc".
 */
export const signInSocial = (provider: SocialProvider, urls: SocialSignInUrls) =>
  api.post('/auth/sign-in/social', { body: { provider, ...urls } });

/** Starts a social sign-in and leaves for the provider. It comes back to /home. */
export function useSignInSocial() {
  return useMutation({
    mutationFn: async (provider: SocialProvider) => {
      const { origin } = window.location;
      const { url } = await signInSocial(provider, {
        callbackURL: `${origin}${paths.homeAlias}`,
        errorCallbackURL: `${origin}${paths.login}`,
      });
      const target = new URL(url);
      if (target.protocol !== 'https:' && target.protocol !== 'http:') {
        throw new Error('The sign-in service answered an address the shop cannot open.');
      }
      // The identity coming back may be another one: it gets its own token on landing.
      forgetAccessToken();
      window.location.assign(target.href);
    },
  });
}
