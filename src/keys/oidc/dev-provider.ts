import { formBodyReader } from '../../shared/body.js';
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono, type Context } from 'hono';
import { withLibraryWarnings } from './library-warnings.js';
import type Provider from 'oidc-provider';
import type { CustomFetch } from 'openid-client';
import { devProviderAdapter } from './dev-provider-adapter.js';
import {
  DEV_ID_TOKEN_ALG,
  devProviderSecrets,
  loginNameKey,
  MAX_LOGIN_NAME,
  type DevProviderSecrets,
} from './dev-provider-keys.js';
import { inProcessFetch } from './in-process-fetch.js';
import { escapeHtml, htmlPage } from '../prompt/html.js';
import type { DevProviderRepository } from '../repository.js';
import type { SealedModule } from '../sealed/sealed-module.js';
import { systemClock, type Clock } from '../../shared/clock.js';
import { requestIdOf } from '../../shared/http.js';
import { andThen, type MaybePromise } from '../../shared/maybe.js';
import type { DevUser } from './dev-users.js';

type Library = typeof import('oidc-provider');
let library: Promise<Library> | undefined;

/**
 * oidc-provider, and Koa under it, is evaluated when a development provider first answers rather than when the
 * bundle loads, so a server without one (NODE_ENV=production), or whose development sign-in is not used, never
 * holds it: loaded alone it is 40 MB of RSS and 130 ms (BENCHMARKS.md, issue 28).
 */
const loadLibrary = (warn: (message: string) => void): Promise<Library> =>
  (library ??= withLibraryWarnings(() => import('oidc-provider'), warn));

interface DevProviderOptions {
  /** Issuer URL; its path is where the provider is mounted (`…/keygen/oidc-dev`). */
  issuer: string;
  redirectUri: string;
  users: readonly DevUser[];
  /** Shared by the instances, so a sign-in may move between them. */
  records: DevProviderRepository;
  /** Its signing key, cookie keys and client secret are derived from the root. */
  sealed: SealedModule;
  /** For the wrong-password throttle only. */
  clock?: Clock;
  /** Where a warning oidc-provider prints as it loads goes (the server's log); console.warn by default. */
  warn?: (message: string) => void;
}

/** Stable whatever URL the provider is served at; its tokens are still checked against the URL issuer. */
export const DEV_ISSUER_IDENTITY = 'urn:keygen:development-provider';

/** Per user name within LOCKOUT_MS. */
export const MAX_FAILED_LOGINS = 5;
const LOCKOUT_MS = 15 * 60 * 1000;

/** No form-action: Chromium applies it to the redirects after the login form, which end at the app. */
const PAGE_HEADERS: Record<string, string> = {
  'Cache-Control': 'no-store',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

type NodeEnv = { incoming?: IncomingMessage; outgoing?: ServerResponse };

const MOUNT = '/oidc-dev';

// @hono/node-server replaces the global Response with a lighter one whose cached responses it
// writes out without looking at `x-hono-already-sent`; a native Response takes the path that does.
const NativeResponse = globalThis.Response;
// Its status is what oidc-provider wrote, so that the access log records the real one.
const alreadySent = (outgoing: ServerResponse) =>
  new NativeResponse(null, { status: outgoing.statusCode, headers: { 'x-hono-already-sent': 'true' } });

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * Plays the social provider in development and tests. It needs Node's request and response, so it answers only
 * behind @hono/node-server; its state is in the database and its keys derive from the root, so instances on one
 * database and root act as one provider.
 */
export function createDevProvider(opts: DevProviderOptions) {
  const clientId = 'keygen-dev';
  const mountPath = new URL(opts.issuer).pathname.replace(/\/$/, '');
  if (!mountPath.endsWith(MOUNT)) throw new Error(`The development provider's issuer must end with ${MOUNT}.`);

  // Built by the first request that needs it, not at start: a token may not answer at start (a failed derivation is
  // tried again by the next request), and a server whose development sign-in nobody uses never loads oidc-provider
  // and Koa (6 to 12 MB of RSS at rest; BENCHMARKS.md, "Fourteenth look").
  let built: MaybePromise<Built> | undefined;
  const ready = (): MaybePromise<Built> => {
    if (built === undefined) {
      const next = loadLibrary(opts.warn ?? ((m) => console.warn(m))).then((library) =>
        andThen(devProviderSecrets(opts.sealed), (secrets) => build(library, secrets)),
      );
      next.then(
        (done) => built === next && (built = done),
        () => built === next && (built = undefined),
      );
      built = next;
    }
    return built;
  };
  type Built = {
    provider: Provider;
    errors: Library['errors'];
    callback: ReturnType<Provider['callback']>;
    clientSecret: string;
  };
  const build = (library: Library, { signingKey, cookieKeys, clientSecret }: DevProviderSecrets): Built => {
    const provider = new library.default(opts.issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [opts.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_post',
          id_token_signed_response_alg: DEV_ID_TOKEN_ALG,
        },
      ],
      // Its records expire in oidc-provider's own time, real time, whatever the throttle's clock.
      adapter: devProviderAdapter(opts.records, opts.sealed, systemClock),
      jwks: { keys: [signingKey] },
      enabledJWA: { idTokenSigningAlgValues: [DEV_ID_TOKEN_ALG] },
      cookies: { keys: cookieKeys },
      pkce: { required: () => true },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `${mountPath}/interaction/${interaction.uid}` },
      claims: { openid: ['sub'], profile: ['name'] },
      ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 300, IdToken: 300, AuthorizationCode: 60 },
      async findAccount(_ctx, sub) {
        const user = opts.users.find((u) => u.id === sub);
        if (!user) return undefined;
        return { accountId: sub, claims: async () => ({ sub, name: user.name }) };
      },
      // First-party client: the key service is granted `openid` without a consent screen.
      async loadExistingGrant(ctx) {
        const accountId = ctx.oidc.session?.accountId;
        const client = ctx.oidc.client;
        if (!accountId || !client) return undefined;
        const grantId = ctx.oidc.session?.grantIdFor(client.clientId);
        if (grantId) {
          const found = await ctx.oidc.provider.Grant.find(grantId);
          if (found) return found;
        }
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId });
        grant.addOIDCScope('openid');
        await grant.save();
        return grant;
      },
      renderError(ctx, out) {
        ctx.type = 'html';
        ctx.body = htmlPage('Sign-in error', `<p>${escapeHtml(String(out.error_description ?? out.error))}</p>`);
      },
    });
    return { provider, errors: library.errors, callback: provider.callback(), clientSecret };
  };

  const nodeEnv = (env: unknown) => {
    const { incoming, outgoing } = (env ?? {}) as NodeEnv;
    if (!incoming || !outgoing) throw new Error('The embedded OpenID provider needs @hono/node-server.');
    return { incoming, outgoing };
  };

  const loginPage = (uid: string, message?: string) =>
    htmlPage(
      'Sign in (development provider)',
      `<h1>Sign in</h1>
<p>Development OpenID provider. Test users: ${opts.users.map((u) => `<code>${escapeHtml(u.username)}</code> / <code>${escapeHtml(u.password)}</code>`).join(', ')}.</p>
${message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : ''}
<form method="post" action="${escapeHtml(`${mountPath}/interaction/${uid}/login`)}">
<label>Username <input name="username" autocomplete="username" required autofocus></label>
<label>Password <input name="password" type="password" autocomplete="current-password" required></label>
<button type="submit" name="action" value="login">Sign in</button>
</form>
<form method="post" action="${escapeHtml(`${mountPath}/interaction/${uid}/abort`)}">
<button type="submit" name="action" value="abort">Cancel</button>
</form>`,
    );

  const clock = opts.clock ?? systemClock;
  // Counted in the database so that every instance sees them; the name is kept as a MAC, so rows have a fixed size.
  const records = opts.records;
  const nameKey = async (name: string) => loginNameKey(opts.sealed, name);
  const lockedOut = async (name: string) =>
    (await records.loginFailures(await nameKey(name), clock.now())) >= MAX_FAILED_LOGINS;
  const failed = async (name: string) => {
    const now = clock.now();
    await records.addLoginFailure(await nameKey(name), now, new Date(now.getTime() + LOCKOUT_MS));
  };

  /** An interaction oidc-provider does not know (expired, or never started). */
  const startAgain = (c: Context) =>
    c.html(
      htmlPage(
        'Sign-in expired',
        '<h1>This sign-in has expired</h1>\n' +
          '<p class="error" data-reason="expired">Go back to the application and start again.</p>',
      ),
      400,
    );
  const details = async (c: Context, incoming: IncomingMessage, outgoing: ServerResponse) => {
    const { provider, errors } = await ready();
    try {
      return await provider.interactionDetails(incoming, outgoing);
    } catch (err) {
      if (err instanceof errors.SessionNotFound || err instanceof errors.InvalidRequest) return startAgain(c);
      throw err;
    }
  };

  const readForm = formBodyReader();
  const app = new Hono();
  app.use(`${MOUNT}/*`, async (c, next) => {
    const { outgoing } = (c.env ?? {}) as NodeEnv;
    // Set on the Node response too: oidc-provider's own answers are written there.
    for (const [k, v] of Object.entries(PAGE_HEADERS)) outgoing?.setHeader(k, v);
    await next();
    for (const [k, v] of Object.entries(PAGE_HEADERS)) c.header(k, v);
  });
  app.get(`${MOUNT}/interaction/:uid`, async (c) => {
    const { incoming, outgoing } = nodeEnv(c.env);
    const found = await details(c, incoming, outgoing);
    if (found instanceof Response) return found;
    return c.html(loginPage(found.uid));
  });
  app.post(`${MOUNT}/interaction/:uid/login`, async (c) => {
    const { incoming, outgoing } = nodeEnv(c.env);
    // First, and bounded: the form is read by anyone who reaches the page, signed in or not.
    const form = await readForm(c);
    const found = await details(c, incoming, outgoing);
    if (found instanceof Response) return found;
    const name = typeof form.username === 'string' ? form.username : '';
    // No user has a longer name; it is not counted, and never reaches the sealed module.
    if (name.length > MAX_LOGIN_NAME) return c.html(loginPage(found.uid, 'Unknown user or wrong password.'), 400);
    if (await lockedOut(name)) {
      return c.html(
        loginPage(found.uid, 'Too many wrong passwords for this user. Wait 15 minutes, then try again.'),
        429,
      );
    }
    const user = opts.users.find((u) => u.username === name);
    if (!user || typeof form.password !== 'string' || !same(form.password, user.password)) {
      await failed(name);
      return c.html(loginPage(found.uid, 'Unknown user or wrong password.'), 400);
    }
    await records.clearLoginFailures(await nameKey(name));
    const { provider } = await ready();
    const to = await provider.interactionResult(
      incoming,
      outgoing,
      { login: { accountId: user.id } },
      { mergeWithLastSubmission: false },
    );
    return c.redirect(to, 303);
  });
  app.post(`${MOUNT}/interaction/:uid/abort`, async (c) => {
    const { incoming, outgoing } = nodeEnv(c.env);
    const found = await details(c, incoming, outgoing);
    if (found instanceof Response) return found;
    const { provider } = await ready();
    const to = await provider.interactionResult(
      incoming,
      outgoing,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return c.redirect(to, 303);
  });
  app.all(`${MOUNT}/*`, async (c) => {
    const { incoming, outgoing } = nodeEnv(c.env);
    const url = incoming.url ?? '/';
    const at = url.indexOf(MOUNT);
    const prefix = url.slice(0, at + MOUNT.length);
    (incoming as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    incoming.url = url.slice(prefix.length) || '/';
    const requestId = requestIdOf(c);
    if (requestId !== undefined) outgoing.setHeader('x-request-id', requestId);
    const { callback } = await ready();
    await callback(incoming, outgoing);
    return alreadySent(outgoing);
  });

  // The service's own requests to the provider stay in the process instead of going out to the public URL and back.
  // They keep their path, because oidc-provider builds its endpoints' URLs from it.
  const issuer = opts.issuer.replace(/\/$/, '');
  const local = inProcessFetch(new Hono().route(mountPath.slice(0, -MOUNT.length) || '/', app).fetch);
  const serverFetch: CustomFetch = (url, options) => {
    if (url !== issuer && !url.startsWith(`${issuer}/`))
      return Promise.reject(new Error(`Not a URL of the development provider: ${new URL(url).origin}`));
    return local(url, options);
  };

  /** Derived from the root, like the keys. */
  const clientSecret = () => andThen(ready(), (b) => b.clientSecret);
  return { app, issuer: opts.issuer, clientId, clientSecret, idTokenSigningAlg: DEV_ID_TOKEN_ALG, fetch: serverFetch };
}
