import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../support/app.js';
import { createStore, orderBody } from '../support/factories.js';

const t = await buildTestApp();
afterAll(() => t.close());
const { client, key } = await t.account();
let storeId = '';
beforeAll(async () => {
  storeId = (await createStore(client)).id;
});

/** `n` distinct property names, shortest first, from the ASCII characters JSON needs no escape for. */
function names(n: number): string[] {
  const alphabet = [...Array(95).keys()].map((i) => String.fromCharCode(32 + i)).filter((c) => c !== '"' && c !== '\\');
  const out: string[] = [];
  let level = [''];
  while (out.length < n) {
    const next: string[] = [];
    for (const prefix of level) for (const c of alphabet) next.push(prefix + c);
    out.push(...next.slice(0, n - out.length));
    level = next;
  }
  return out;
}

describe('a body with very many problems', () => {
  it('130,000 unknown properties in 1 MiB: 422 listing 100 of them and the count of the rest', async () => {
    const valid = JSON.stringify(orderBody());
    const extra = names(130_000)
      .map((k) => `${JSON.stringify(k)}:0`)
      .join(',');
    const body = `${valid.slice(0, -1)},${extra}}`;
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(t.config.BODY_LIMIT_BYTES);
    const res = await t.raw('/orders', {
      method: 'POST',
      headers: { 'svc-api-key': key.key, 'svc-store-id': storeId, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(422);
    const text = await res.text();
    expect(text.length).toBeLessThan(20_000);
    const { meta } = JSON.parse(text);
    expect(meta.code).toBe(42200);
    expect(meta.errors).toHaveLength(100);
    expect(new Set(meta.errors.map((e: { info: string }) => e.info))).toEqual(new Set(['Unknown property.']));
    expect(meta.errors_omitted).toBe(129_900);
  });

  it('101 problems: 100 listed, 1 counted; 100 problems: all listed, no count', async () => {
    for (const [n, listed, omitted] of [
      [101, 100, 1],
      [100, 100, undefined],
    ] as const) {
      const body = { ...orderBody(), ...Object.fromEntries(names(n).map((k) => [`x${k}`, 0])) };
      const res = await client.POST('/orders', { params: { header: { 'svc-store-id': storeId } }, body });
      expect(res.response.status).toBe(422);
      expect(res.error?.meta.errors).toHaveLength(listed);
      expect((res.error?.meta as { errors_omitted?: number } | undefined)?.errors_omitted).toBe(omitted);
    }
  });
});
