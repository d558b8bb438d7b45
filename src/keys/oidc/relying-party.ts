import * as oauth from 'oauth4webapi';
import * as oidc from 'openid-client';

export type ProviderName = 'dev' | 'google' | 'microsoft';

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | (() => string | Promise<string>);
  /** When absent, any the discovery document names, else RS256 (oauth4webapi's rule). */
  idTokenSigningAlg?: string;
  displayName: string;
  prompt: string;
  /** The embedded development provider is reached in process, so it still answers during shutdown. */
  fetch?: oidc.CustomFetch;
}

/** Kept sealed between the start of a sign-in and its callback. */
export interface SignInChecks {
  codeVerifier: string;
  state: string;
  nonce: string;
  browser?: string;
}

export class SignInRefused extends Error {
  override name = 'SignInRefused';
  constructor(readonly error: string) {
    super(`The provider refused the sign-in (${error}).`);
  }
}

/** The only hosts an issuer may be reached on over plain http. */
export const isLoopbackHost = (hostname: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(hostname);

/** Microsoft's multi-tenant endpoints discover an issuer template; each ID token's `iss` fills it with `tid`. */
const TENANT = '{tenantid}';
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A `{tenantid}` template matches only `common` or `organizations`; a configured tenant id must match itself. */
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

const secretOf = async (settings: ProviderSettings) =>
  typeof settings.clientSecret === 'function' ? settings.clientSecret() : settings.clientSecret;

export function createRelyingParty(providers: Partial<Record<ProviderName, ProviderSettings>>, redirectUri: string) {
  const configs = new Map<ProviderName, Promise<oidc.Configuration>>();

  const insecureFor = (settings: ProviderSettings) => {
    const issuer = new URL(settings.issuer);
    return issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname);
  };

  const configFor = (name: ProviderName) => {
    const settings = providers[name];
    if (!settings) throw new Error(`The provider ${name} is not configured.`);
    let config = configs.get(name);
    if (!config) {
      const issuer = new URL(settings.issuer);
      // The document's own URL, so the issuer check below is the only one: openid-client's would refuse a
      // {tenantid} template, and on Microsoft's origin accept any issuer.
      const wellKnown = new URL(issuer.href);
      wellKnown.pathname = `${wellKnown.pathname.replace(/\/$/, '')}/.well-known/openid-configuration`;
      config = secretOf(settings)
        .then((secret) => {
          const metadata = {
            client_secret: secret,
            ...(settings.idTokenSigningAlg && { id_token_signed_response_alg: settings.idTokenSigningAlg }),
          };
          return oidc.discovery(wellKnown, settings.clientId, metadata, undefined, {
            execute: insecureFor(settings) ? [oidc.allowInsecureRequests] : [],
            ...(settings.fetch && { [oidc.customFetch]: settings.fetch }),
          });
        })
        .then((discovered) => {
          const found = discovered.serverMetadata().issuer;
          if (!issuerMatches(found, issuer))
            throw new Error(`The discovery document of ${name} names another issuer: ${found}`);
          return discovered;
        });
      config.catch(() => configs.delete(name));
      configs.set(name, config);
    }
    return config;
  };

  // openid-client fills a `{tenantid}` issuer only on Microsoft's own origin, so oauth4webapi does it here with the
  // ID token's `tid`.
  const tenantCodeGrant = async (
    config: oidc.Configuration,
    settings: ProviderSettings,
    callbackUrl: URL,
    checks: SignInChecks,
  ) => {
    const { supportsPKCE: _, ...as } = config.serverMetadata();
    const client: oauth.Client = { client_id: settings.clientId };
    const options = {
      [oauth.allowInsecureRequests]: insecureFor(settings),
      ...(settings.fetch && { [oauth.customFetch]: settings.fetch }),
      signal: AbortSignal.timeout(30_000),
    };
    const params = oauth.validateAuthResponse(as, client, callbackUrl.searchParams, checks.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretPost(await secretOf(settings)),
      params,
      redirectUri,
      checks.codeVerifier,
      options,
    );
    const answer = (await response
      .clone()
      .json()
      .catch(() => undefined)) as { id_token?: unknown } | undefined;
    const payload = typeof answer?.id_token === 'string' ? answer.id_token.split('.')[1] : undefined;
    const tid =
      payload === undefined
        ? undefined
        : (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8') || 'null') as { tid?: unknown } | null)?.tid;
    if (typeof tid !== 'string' || !TENANT_ID.test(tid))
      throw new Error('The ID token of a multi-tenant issuer carries no tenant id (tid).');
    const result = await oauth.processAuthorizationCodeResponse(
      { ...as, issuer: as.issuer.replace(TENANT, tid) },
      client,
      response,
      {
        expectedNonce: checks.nonce,
        requireIdToken: true,
      },
    );
    return oauth.getValidatedIdTokenClaims(result);
  };

  return {
    isConfigured: (name: ProviderName) => providers[name] !== undefined,
    displayName: (name: ProviderName) => providers[name]?.displayName ?? name,

    async startSignIn(name: ProviderName): Promise<{ url: URL; checks: SignInChecks }> {
      const config = await configFor(name);
      const checks = {
        codeVerifier: oidc.randomPKCECodeVerifier(),
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
      };
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

    async completeSignIn(
      name: ProviderName,
      callbackUrl: URL,
      checks: SignInChecks,
    ): Promise<{ issuer: string; sub: string }> {
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
