import { describe, expect, it } from 'vitest';
import { createPageGate, streamDocuments } from '../../src/commerce/streamed-page.js';

// Runs once, in the `sqlite` vitest project: the page gate touches no database.

describe('streamed pages: a fair share per API key', () => {
  it('lets one key stream at most perKey pages at once; the next waits, another key does not', async () => {
    const gate = createPageGate(2);
    const a1 = gate.acquire('a');
    expect(a1).toBeTypeOf('function'); // a free turn is given synchronously
    void gate.acquire('a');
    let third: (() => void) | undefined;
    void Promise.resolve(gate.acquire('a')).then((r) => (third = r));
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBeUndefined();
    // Another tenant is not held up by a's queue.
    const b = gate.acquire('b');
    expect(b).toBeTypeOf('function');
    (b as () => void)();
    (a1 as () => void)();
    (a1 as () => void)(); // idempotent: a second call frees nothing more
    await new Promise((resolve) => setImmediate(resolve));
    expect(third).toBeTypeOf('function');
    let fourth: (() => void) | undefined;
    void Promise.resolve(gate.acquire('a')).then((r) => (fourth = r));
    await new Promise((resolve) => setImmediate(resolve));
    expect(fourth).toBeUndefined();
  });
});

describe('streamed pages: documents read while the page streams', () => {
  it('leaves out a document gone since its id was listed, and releases the turn at the end', async () => {
    const stored = new Map([
      ['a', '{"id":"a"}'],
      ['c', '{"id":"c"}'],
    ]);
    let released = 0;
    const stream = streamDocuments(
      '[',
      [{ id: 'a' }, { id: 'b' }, { id: 'c', doc: '{"id":"c"}' }],
      (id) => (id === 'a' ? Promise.resolve(stored.get(id)) : stored.get(id)),
      ']',
      () => released++,
    );
    expect(JSON.parse(await new Response(stream).text())).toEqual([{ id: 'a' }, { id: 'c' }]);
    expect(released).toBe(1);
  });
});
