import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { appFor } from '../support/app.js';
import { DEFAULT_DEV_USERS } from '../../src/keys/oidc/dev-users.js';
import { manualClock } from '../../src/shared/clock.js';
import { openTestDatabase } from '../support/database.js';
import { loadTestSealed, tempDir } from './support.js';

describe('access log', () => {
  it('records the status the development provider really answered (400, 303), not 200', async () => {
    const lines: Array<{ path?: string; status?: number }> = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split('\n')) if (l) lines.push(JSON.parse(l));
        done();
      },
    });
    const logger = pino({ level: 'info' }, stream);
    const database = await openTestDatabase();
    const sealedRoot = { file: path.join(tempDir(), 'root.sealed.json'), development: true, allowCreate: false };
    const sealed = await loadTestSealed(database.storage, sealedRoot);
    let app: ReturnType<typeof appFor> | undefined;
    const server = serve({ fetch: (req, env) => app!.fetch(req, env), port: 0, hostname: '127.0.0.1' }) as Server;
    await new Promise<void>((resolve) => (server.listening ? resolve() : server.once('listening', () => resolve())));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const keysConfig = {
      publicUrl: origin,
      basePath: '/keygen',
      allowHttpReturnUrl: false,
      providers: {},
      devProvider: { users: DEFAULT_DEV_USERS },
      sealedRoot,
    };
    app = appFor({
      storage: database.storage,
      clock: manualClock(new Date()),
      config: { RATE_LIMIT_PER_SECOND: 50 },
      logger,
      keys: { config: keysConfig, sealed },
    });
    try {
      const bad = await fetch(`${origin}/keygen/oidc-dev/auth?client_id=nobody`, { redirect: 'manual' });
      expect(bad.status).toBe(400);
      const auth = new URL(`${origin}/keygen/oidc-dev/auth`);
      for (const [k, v] of Object.entries({
        client_id: 'keygen-dev',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: `${origin}/keygen/oidc/callback`,
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
        state: 's',
        nonce: 'n',
      }))
        auth.searchParams.set(k, v);
      const redirect = await fetch(auth, { redirect: 'manual' });
      expect(redirect.status).toBe(303);
      const ok = await fetch(`${origin}/keygen/oidc-dev/.well-known/openid-configuration`);
      expect(ok.status).toBe(200);
      await new Promise((resolve) => setImmediate(resolve));
      const logged = lines.filter(
        (l) => l.path === '/keygen/oidc-dev/auth' || l.path === '/keygen/oidc-dev/.well-known/openid-configuration',
      );
      expect(logged.map((l) => [l.path, l.status])).toEqual([
        ['/keygen/oidc-dev/auth', 400],
        ['/keygen/oidc-dev/auth', 303],
        ['/keygen/oidc-dev/.well-known/openid-configuration', 200],
      ]);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await database.close();
    }
  });
});
