import { generateKeyPairSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Hono } from 'hono';
import Provider from 'oidc-provider';
import { escapeHtml, htmlPage } from '../prompt/html.js';

/** A user of the embedded development provider. `id` is the `sub` it issues. */
export interface DevUser {
  id: string;
  username: string;
  password: string;
  name: string;
}

export const DEFAULT_DEV_USERS: readonly DevUser[] = [
  { id: 'dev-user-alice', username: 'alice', password: 'alice-password', name: 'Alice Example' },
  { id: 'dev-user-bob', username: 'bob', password: 'bob-password', name: 'Bob Example' },
];

export interface DevProviderOptions {
  /** Issuer URL; its path is where the provider is mounted (`…/keygen/oidc-dev`). */
  issuer: string;
  redirectUri: string;
  users: readonly DevUser[];
}

type NodeEnv = { incoming?: IncomingMessage; outgoing?: ServerResponse };

const MOUNT = '/oidc-dev';

// @hono/node-server replaces the global Response with a lighter one whose cached responses it
// writes out without looking at `x-hono-already-sent`; a native Response takes the path that does.
const NativeResponse = globalThis.Response;
const alreadySent = () => new NativeResponse(null, { headers: { 'x-hono-already-sent': 'true' } });

const same = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/**
 * The embedded OpenID provider (oidc-provider) that plays the social provider in development,
 * tests and the default start: authorization code with PKCE, a login form for the configured
 * test users, and consent granted automatically to its single client, the key service.
 * It needs the Node request and response, so it answers only behind @hono/node-server.
 */
export function createDevProvider(opts: DevProviderOptions) {
  const clientId = 'keygen-dev';
  const clientSecret = randomBytes(32).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: `dev-${randomBytes(4).toString('hex')}`, use: 'sig', alg: 'RS256' };
  const mountPath = new URL(opts.issuer).pathname.replace(/\/$/, '');

  const provider = new Provider(opts.issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
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

  const app = new Hono();
  app.get(`${MOUNT}/interaction/:uid`, async (c) => {
    const { incoming, outgoing } = nodeEnv(c.env);
    const details = await provider.interactionDetails(incoming, outgoing);
    return c.html(loginPage(details.uid));
  });
  app.post(`${MOUNT}/interaction/:uid/login`, async (c) => {
    const { incoming, outgoing } = nodeEnv(c.env);
    const details = await provider.interactionDetails(incoming, outgoing);
    const form = await c.req.parseBody();
    const user = opts.users.find((u) => u.username === form.username);
    if (!user || typeof form.password !== 'string' || !same(form.password, user.password)) {
      return c.html(loginPage(details.uid, 'Unknown user or wrong password.'), 400);
    }
    const to = await provider.interactionResult(incoming, outgoing, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
    return c.redirect(to, 303);
  });
  app.post(`${MOUNT}/interaction/:uid/abort`, async (c) => {
    const { incoming, outgoing } = nodeEnv(c.env);
    const to = await provider.interactionResult(
      incoming,
      outgoing,
      { error: 'access_denied', error_description: 'The user cancelled the sign-in.' },
      { mergeWithLastSubmission: false },
    );
    return c.redirect(to, 303);
  });
  const callback = provider.callback();
  app.all(`${MOUNT}/*`, async (c) => {
    const { incoming, outgoing } = nodeEnv(c.env);
    const url = incoming.url ?? '/';
    const at = url.indexOf(MOUNT);
    const prefix = url.slice(0, at + MOUNT.length);
    (incoming as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    incoming.url = url.slice(prefix.length) || '/';
    const requestId: unknown = c.get('requestId' as never);
    if (typeof requestId === 'string') outgoing.setHeader('x-request-id', requestId);
    await callback(incoming, outgoing);
    return alreadySent();
  });

  return { app, issuer: opts.issuer, clientId, clientSecret };
}

export type DevProvider = ReturnType<typeof createDevProvider>;
