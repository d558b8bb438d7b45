import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyAt, arbitrariesFor, formatPath } from '../support/arbitraries.js';
import { buildKeysHarness, initKey, type KeysHarness } from '../keys/support.js';

/**
 * Property-based fuzzing of the key service's operations, driven by keys.yaml: generated valid
 * bodies are accepted, each constraint broken in turn is a 400 naming the field, and garbage
 * bodies, query strings (keyToken), path ids and X-Api-Key values get a documented 4xx; never a
 * 5xx, and every answer passes the contract check. Keys stored = keys answered 200.
 */
const arbs = arbitrariesFor('keys');
const RUNS = { numRuns: 40, interruptAfterTimeLimit: 4_000 } as const;
let h: KeysHarness;
let apiKey = '';
let key: { id: string; clientSecret: string };
let initialized = 0;

beforeAll(async () => {
  h = await buildKeysHarness();
  const account = await h.account('fuzz');
  apiKey = account.key.key;
  key = await initKey(account.client);
  initialized = 1;
});
afterAll(() => h.close());

interface Answer {
  status: number;
  body: { error?: { code: string; parameter?: string; issues?: Array<{ parameter: string }> } } & Record<
    string,
    unknown
  >;
}
async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Answer> {
  const res = await h.raw(path, {
    ...init,
    headers: { 'X-Api-Key': apiKey, 'content-type': 'application/json', ...init.headers },
  });
  const body = (await res.json()) as Answer['body'];
  expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
  if (path === '/keys' && init.method === 'POST' && res.status === 200) initialized++;
  return { status: res.status, body };
}

const bodies = [
  // The harness configures only the embedded development provider; the others are 400 there.
  {
    name: 'initKey',
    path: () => '/keys',
    schema: 'KeyInit',
    fixup: (b: Record<string, unknown>) => ({ ...b, userSecretProvider: 'dev' }),
  },
  {
    name: 'createGenerateTransaction',
    path: () => `/keys/${key.id}/transactions/generate`,
    schema: 'TransactionCreate',
    fixup: (b: Record<string, unknown>) => ({
      ...b,
      clientSecret: key.clientSecret,
      clientReturnUrl: 'https://app.example.com/return',
    }),
  },
];

describe.each(bodies)('$name body', (op) => {
  const schema = arbs.schema(`#/components/schemas/${op.schema}`);

  it('accepts generated valid bodies', async () => {
    await fc.assert(
      fc.asyncProperty(arbs.valid(schema, true), async (b) => {
        const res = await call(op.path(), {
          method: 'POST',
          body: JSON.stringify(op.fixup(b as Record<string, unknown>)),
        });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }),
      RUNS,
    );
  });

  it('rejects each constraint broken in turn with 400 naming the field', async () => {
    for (const v of arbs.violations(schema)) {
      await fc.assert(
        fc.asyncProperty(arbs.valid(schema, true), v.value ?? fc.constant(undefined), async (b, bad) => {
          const res = await call(op.path(), {
            method: 'POST',
            body: JSON.stringify(applyAt(op.fixup(b as Record<string, unknown>), v.path, v.op, bad)),
          });
          expect(res.status, `${v.label}: ${JSON.stringify(res.body)}`).toBe(400);
          expect(
            res.body.error?.issues?.map((i) => i.parameter),
            v.label,
          ).toContain(formatPath(v.path));
        }),
        { numRuns: 2 },
      );
    }
  });

  it('answers garbage bodies with 400', async () => {
    const bodyArb = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 100 }),
      fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
      fc.constant(`{"x":${'['.repeat(20_000)}${']'.repeat(20_000)}}`),
      fc.constant(
        Buffer.concat([Buffer.from('{"userSecretProvider":"dev\xff'), Buffer.from([0xff]), Buffer.from('"}')]).toString(
          'latin1',
        ),
      ),
    );
    await fc.assert(
      fc.asyncProperty(bodyArb, fc.constantFrom('application/json', 'text/plain', ''), async (body, type) => {
        const res = await call(op.path(), { method: 'POST', body, headers: { 'content-type': type } });
        expect([200, 400], JSON.stringify(res.body)).toContain(res.status);
      }),
      RUNS,
    );
    const huge = await call(op.path(), { method: 'POST', body: `{"clientSecret":"${'a'.repeat(70 * 1024)}"}` });
    expect(huge.status).toBeGreaterThanOrEqual(400);
  });
});

describe('exchangeKeyToken parameters', () => {
  it('answers garbage keyToken values with 400 and a keyId that names no key with 404 (or 400 for its token), whatever its shape', async () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 600 }),
      fc.stringMatching(/^[A-Za-z0-9_-]{1,90}$/),
      fc.constant('kt_' + 'A'.repeat(83)),
    );
    // A keyId of '', '.' or '..' is another path (the URL is normalized), not this operation.
    const keyIdArb = value.filter((v) => !['', '.', '..'].includes(v));
    await fc.assert(
      fc.asyncProperty(value, fc.option(keyIdArb, { nil: undefined }), fc.boolean(), async (token, keyId, repeat) => {
        const id = keyId === undefined ? key.id : encodeURIComponent(keyId);
        const q = `keyToken=${encodeURIComponent(token)}${repeat ? `&keyToken=${encodeURIComponent(token)}` : ''}`;
        const res = await call(`/keys/${id}?${q}`);
        // Any keyId other than the key's names no key: 404, unless the token is already a 400.
        expect(keyId !== undefined ? [400, 404] : [400], JSON.stringify(res.body)).toContain(res.status);
        if (keyId !== undefined && res.status === 400)
          expect(res.body.error?.parameter, JSON.stringify(res.body)).toBe('keyToken');
      }),
      // A repeated keyToken holding U+0000: a query parameter is named by its name, once.
      { ...RUNS, examples: [['\u0000', 'a', true]] },
    );
  });

  it('X-Api-Key garbage is 400 on every operation', async () => {
    const headerValue = fc.string({
      unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)),
      maxLength: 80,
    });
    const ops = () => [
      { path: '/keys', init: { method: 'POST', body: '{"userSecretProvider":"dev"}' } },
      { path: `/keys/${key.id}?keyToken=abc`, init: { method: 'GET' } },
      {
        path: `/keys/${key.id}/transactions/generate`,
        init: { method: 'POST', body: JSON.stringify({ clientSecret: key.clientSecret }) },
      },
      {
        path: `/keys/${key.id}/transactions/recover`,
        init: { method: 'POST', body: JSON.stringify({ clientSecret: key.clientSecret }) },
      },
    ];
    await fc.assert(
      fc.asyncProperty(headerValue, fc.nat(ops().length - 1), async (value, which) => {
        const op = ops()[which]!;
        const res = await call(op.path, { ...op.init, headers: { 'X-Api-Key': value } });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.error?.parameter).toBe('X-Api-Key');
      }),
      RUNS,
    );
  });
});

describe('after all of the above', () => {
  it('stored exactly the keys that were answered 200', async () => {
    expect(await h.count('keygen_keys')).toBe(initialized);
  });
});
