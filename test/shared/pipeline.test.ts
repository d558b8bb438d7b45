import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { describe, expect, it } from 'vitest';
import { after, pipeline } from '../../src/shared/pipeline.js';
import { buildTestApp } from '../support/app.js';

const onError = (err: unknown, c: Context) => c.json({ error: err instanceof Error ? err.message : String(err) }, 500);

/** A one-route app whose only handler is the pipeline, as registerOperation builds them. */
function serve(middleware: MiddlewareHandler[], handler: (c: Context) => Response | Promise<Response> | void) {
  const app = new Hono();
  app.get('/', pipeline(middleware, handler, onError));
  return (path = '/') => app.fetch(new Request(`http://test${path}`));
}

/** A pass-through middleware that notes, once the chain has answered, the status it saw in c.res. */
const seen: number[] = [];
const observe: MiddlewareHandler = (c, next) => after(next(), () => seen.push(c.res.status)) as Promise<void>;
const pass: MiddlewareHandler = (_c, next) => next();

describe('pipeline', () => {
  it('answers a synchronous chain synchronously, with the handler’s own response', () => {
    const answer = new Response('ok', { status: 201 });
    const res = serve([pass, observe, pass], () => answer)();
    // Not a promise, and not a copy: hono's c.res setter would merge a second assignment into a
    // new (streamed) Response, which @hono/node-server can no longer write in one go.
    expect(res).toBe(answer);
    expect(seen.at(-1)).toBe(201);
  });

  it('goes asynchronous only from the step that is, and outer steps still see the answer', async () => {
    const wait: MiddlewareHandler = async (_c, next) => {
      await new Promise((r) => setTimeout(r, 1));
      await next();
    };
    const res = serve([observe, wait, pass], (c) => c.text('late', 202))();
    expect(res).toBeInstanceOf(Promise);
    expect((await res).status).toBe(202);
    expect(await (await res).text()).toBe('late');
    expect(seen.at(-1)).toBe(202);
  });

  it('answers a throwing step with onError at once, which the steps around it see', async () => {
    const refuse: MiddlewareHandler = () => {
      throw new Error('refused');
    };
    const res = serve([observe, refuse], () => new Response('never'))() as Response;
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'refused' });
    expect(seen.at(-1)).toBe(500);
  });

  it('answers a rejected handler with onError', async () => {
    const res = await serve([observe], async () => {
      await Promise.resolve();
      throw new Error('broke later');
    })();
    expect(await res.json()).toEqual({ error: 'broke later' });
    expect(seen.at(-1)).toBe(500);
  });

  it('refuses a chain that gives no answer instead of sending an empty 200', async () => {
    const res = (await serve([pass], () => undefined)()) as Response;
    expect(res.status).toBe(500);
    expect((await res.json()) as { error: string }).toEqual({ error: expect.stringMatching(/No response/) });
  });

  it('lets a middleware that awaits next() read and change the answer', async () => {
    const stamp: MiddlewareHandler = async (c, next) => {
      await next();
      c.res.headers.set('x-stamp', String(c.res.status));
    };
    const res = await serve([stamp, pass], (c) => c.text('body', 200))();
    expect(res.headers.get('x-stamp')).toBe('200');
    expect(await res.text()).toBe('body');
  });
});

describe('the order service’s operations', () => {
  it('answer a read without a promise: app.fetch gives the Response itself', async () => {
    const t = buildTestApp();
    const { key, client } = t.account();
    const store = await client.POST('/stores', { body: { source_id: 's-1', name: 'Shop', currency: 'EUR' } });
    const request = (path: string) =>
      new Request(`http://service.test/commerce/2024-07${path}`, { headers: { 'svc-api-key': key.key, 'svc-store-id': store.data!.data.id } });

    for (const path of ['/orders?limit=10', '/stores', `/stores/${store.data!.data.id}`]) {
      const res = t.app.fetch(request(path));
      expect(res, path).toBeInstanceOf(Response);
      expect((res as Response).status, path).toBe(200);
      expect((res as Response).headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
    }
    // An error answer too, from the middleware (unknown store) and from the handler (unknown order).
    const unknownStore = t.app.fetch(new Request('http://service.test/commerce/2024-07/orders', { headers: { 'svc-api-key': key.key, 'svc-store-id': 'sto_nope' } }));
    expect((unknownStore as Response).status).toBe(412);
    const unknownOrder = t.app.fetch(request('/orders/ord_0000000000000000000000000000'));
    expect((unknownOrder as Response).status).toBe(404);
    t.close();
  });
});
