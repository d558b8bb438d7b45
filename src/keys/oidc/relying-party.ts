import * as oauth from 'oauth4webapi';
import * as oidc from 'openid-client';

export const PROVIDER_NAMES = ['dev', 'google', 'microsoft'] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  /** Or how to get it when it is first needed (the development provider's is derived from the root). */
  clientSecret: string | (() => string | Promise<string>);
  /**
   * The one ID token signature accepted (client metadata `id_token_signed_response_alg`); when
   * absent, any the discovery document names, RS256 when it names none (oauth4webapi's rule).
   */
  idTokenSigningAlg?: string;
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

/** Loopback hosts: the only ones an issuer may be reached on over plain http (a local provider). */
export const isLoopbackHost = (hostname: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);

/**
 * Microsoft's multi-tenant endpoints (`…/common/v2.0`, `…/organizations/v2.0`) discover the issuer
 * `https://login.microsoftonline.com/{tenantid}/v2.0`: each ID token's `iss` is that template with
 * the token's `tid` claim, a tenant id (a GUID).
 */
const TENANT = '{tenantid}';
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a discovered issuer is the one configured: the same URL, or a `{tenantid}` template
 * (one whole path segment) where the configured issuer names Microsoft's groups of tenants,
 * `common` or `organizations`. A configured tenant id must be discovered as itself.
 */
function issuerMatches(discovered: string, configured: URL): boolean {
  if (!discovered.includes(TENANT)) return URL.canParse(discovered) && new URL(discovered).href === configured.href;
  const parts = discovered.split('/');
  const at = parts.indexOf(TENANT);
  const mine = configured.href.replace(/\/$/, '').split('/');
  return (
    at > 2 &&
    parts.filter((p) => p.includes(TENANT)).length === 1 &&
    mine.length === parts.length &&
    parts.every((p, i) => (i === at ? ['common', 'organizations'].includes(mine[i]!) : p === mine[i]))
  );
}

const secretOf = async (settings: ProviderSettings) => (typeof settings.clientSecret === 'function' ? settings.clientSecret() : settings.clientSecret);

/**
 * The service as an OpenID Connect relying party of every configured provider: discovery
 * (cached, retried after a failure), authorization-code requests with PKCE, state and nonce, and
 * the code exchange with ID token verification.
 */
export function createRelyingParty(providers: Partial<Record<ProviderName, ProviderSettings>>, redirectUri: string) {
  const configs = new Map<ProviderName, Promise<oidc.Configuration>>();

  const insecureFor = (settings: ProviderSettings) => {
    const issuer = new URL(settings.issuer);
    // Plain http only for a loopback issuer: the embedded development provider, a local test provider.
    return issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  };

  const configFor = (name: ProviderName) => {
    const settings = providers[name];
    if (!settings) throw new Error(`The provider ${name} is not configured.`);
    let config = configs.get(name);
    if (!config) {
      const issuer = new URL(settings.issuer);
      // The discovery document's own URL, so that the issuer check below is the only one:
      // openid-client's would refuse a {tenantid} template, and on Microsoft's origin accept any issuer.
      const wellKnown = new URL(issuer.href);
      wellKnown.pathname = `${wellKnown.pathname.replace(/\/$/, '')}/.well-known/openid-configuration`;
      config = secretOf(settings)
        .then((secret) => {
          const metadata = { client_secret: secret, ...(settings.idTokenSigningAlg && { id_token_signed_response_alg: settings.idTokenSigningAlg }) };
          return oidc.discovery(wellKnown, settings.clientId, metadata, undefined, {
            execute: insecureFor(settings) ? [oidc.allowInsecureRequests] : [],
            ...(settings.fetch && { [oidc.customFetch]: settings.fetch }),
          });
        })
        .then((discovered) => {
          const found = discovered.serverMetadata().issuer;
          if (!issuerMatches(found, issuer)) throw new Error(`The discovery document of ${name} names another issuer: ${found}`);
          return discovered;
        });
      config.catch(() => configs.delete(name));
      configs.set(name, config);
    }
    return config;
  };

  /**
   * The code exchange for a `{tenantid}` issuer: as openid-client's, with oauth4webapi (the library
   * it is built on), the expected `iss` being the template filled with the `tid` of the ID token
   * that the token endpoint answered. openid-client does this only on Microsoft's own origin.
   */
  const tenantCodeGrant = async (config: oidc.Configuration, settings: ProviderSettings, callbackUrl: URL, checks: SignInChecks) => {
    const { supportsPKCE: _, ...as } = config.serverMetadata();
    const client: oauth.Client = { client_id: settings.clientId };
    const options = {
      [oauth.allowInsecureRequests]: insecureFor(settings),
      ...(settings.fetch && { [oauth.customFetch]: settings.fetch }),
      signal: AbortSignal.timeout(30_000),
    };
    const params = oauth.validateAuthResponse(as, client, callbackUrl.searchParams, checks.state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretPost(await secretOf(settings)), params, redirectUri, checks.codeVerifier, options);
    const answer = (await response.clone().json().catch(() => undefined)) as { id_token?: unknown } | undefined;
    const payload = typeof answer?.id_token === 'string' ? answer.id_token.split('.')[1] : undefined;
    const tid = payload === undefined ? undefined : (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8') || 'null') as { tid?: unknown } | null)?.tid;
    if (typeof tid !== 'string' || !TENANT_ID.test(tid)) throw new Error('The ID token of a multi-tenant issuer carries no tenant id (tid).');
    const result = await oauth.processAuthorizationCodeResponse({ ...as, issuer: as.issuer.replace(TENANT, tid) }, client, response, {
      expectedNonce: checks.nonce,
      requireIdToken: true,
    });
    return oauth.getValidatedIdTokenClaims(result);
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
      const claims = config.serverMetadata().issuer.includes(TENANT)
        ? await tenantCodeGrant(config, providers[name]!, callbackUrl, checks)
        : (
            await oidc.authorizationCodeGrant(config, callbackUrl, {
              pkceCodeVerifier: checks.codeVerifier,
              expectedState: checks.state,
              expectedNonce: checks.nonce,
              idTokenExpected: true,
            })
          ).claims();
      if (!claims?.sub) throw new Error('The ID token carries no sub.');
      return { issuer: claims.iss, sub: claims.sub };
    },
  };
}

export type RelyingParty = ReturnType<typeof createRelyingParty>;
