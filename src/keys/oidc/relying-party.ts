import * as oidc from 'openid-client';

export const PROVIDER_NAMES = ['dev', 'google', 'microsoft'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Shown on the prompt page's button. */
  displayName: string;
  /** The authorization request's `prompt`: `login` for the development provider, `select_account` for the others. */
  prompt: string;
  /**
   * How the server reaches the provider (discovery, JWKS, token); real HTTP when absent. The
   * embedded development provider is reached in process (dev-provider.ts).
   */
  fetch?: oidc.CustomFetch;
}

/** What the service keeps (sealed) between the start of a sign-in and its callback. */
export interface SignInChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
  /** Hash of the sign-in cookie's value (see prompt/browser-binding.ts), set by the service. */
  browser?: string;
}

export class SignInRefused extends Error {
  override name = 'SignInRefused';
  constructor(readonly error: string) {
    super(`The provider refused the sign-in (${error}).`);
  }
}

/**
 * The service as an OpenID Connect relying party of every configured provider: discovery
 * (cached, retried after a failure), authorization-code requests with PKCE, state and nonce, and
 * the code exchange with ID token verification.
 */
export function createRelyingParty(providers: Partial<Record<ProviderName, ProviderSettings>>, redirectUri: string) {
  const configs = new Map<ProviderName, Promise<oidc.Configuration>>();

  const configFor = (name: ProviderName) => {
    const settings = providers[name];
    if (!settings) throw new Error(`The provider ${name} is not configured.`);
    let config = configs.get(name);
    if (!config) {
      const issuer = new URL(settings.issuer);
      // Plain http only for a loopback issuer: the embedded development provider.
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
      config = oidc.discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
        execute: issuer.protocol === 'http:' && loopback ? [oidc.allowInsecureRequests] : [],
        ...(settings.fetch && { [oidc.customFetch]: settings.fetch }),
      });
      config.catch(() => configs.delete(name));
      configs.set(name, config);
    }
    return config;
  };

  return {
    isConfigured: (name: ProviderName) => providers[name] !== undefined,
    displayName: (name: ProviderName) => providers[name]?.displayName ?? name,

    /** Fresh PKCE verifier, state and nonce, and the authorization URL that carries them. */
    async startSignIn(name: ProviderName): Promise<{ url: URL; checks: SignInChecks }> {
      const config = await configFor(name);
      const checks = { codeVerifier: oidc.randomPKCECodeVerifier(), state: oidc.randomState(), nonce: oidc.randomNonce() };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid',
        response_type: 'code',
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
        prompt: providers[name]!.prompt,
      });
      return { url, checks };
    },

    /**
     * Exchanges the code of the callback and verifies the ID token (signature, issuer, audience,
     * expiry, nonce). Returns the identity the user's share is bound to.
     */
    async completeSignIn(name: ProviderName, callbackUrl: URL, checks: SignInChecks): Promise<{ issuer: string; sub: string }> {
      const config = await configFor(name);
      const error = callbackUrl.searchParams.get('error');
      if (error) throw new SignInRefused(error);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('The ID token carries no sub.');
      return { issuer: claims.iss, sub: claims.sub };
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
