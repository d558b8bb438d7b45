// The benchmark's peer: the order contract's three hot operations as a team would write them with
// Fastify, following its documentation (route schemas for validation with its ajv, response
// schemas for serialization with fast-json-stringify, hooks for the checks), on better-sqlite3,
// against a copy of the same seeded database file (scripts/bench.ts). The schemas are
// openapi/orders.yaml's own components, registered with `addSchema`. Not a second implementation
// of the service: only what `npm run bench` loads (create, get by id, a page of the list), with the
// key and store checks every request of the real service makes. Its request logs are Fastify's own
// (pino), at the LOG_LEVEL the bench gives both servers (info, to /dev/null).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify from 'fastify';
import { parse } from 'yaml';

const ROOT = path.join(import.meta.dirname, '../..');
const BASE = '/commerce/2024-07';
const spec = parse(readFileSync(path.join(ROOT, 'openapi/orders.yaml'), 'utf8'));

/** OpenAPI's `#/components/schemas/X` as the `X#` Fastify resolves among added schemas. */
const refs = (node) => {
  if (Array.isArray(node)) return node.map(refs);
  if (node && typeof node === 'object') {
    const out = {};
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string') out[k] = `${v.replace('#/components/schemas/', '')}#`;
      else if (k !== 'example') out[k] = refs(v);
    }
    return out;
  }
  return node;
};

const db = new Database(process.env.DATABASE_FILE);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.pragma('busy_timeout = 5000');
const keyByHash = db.prepare('SELECT account_id FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL').pluck();
const storeOf = db.prepare('SELECT id FROM stores WHERE id = ? AND account_id = ?').pluck();
const insert = db.prepare(
  `INSERT INTO orders (id, store_id, source_id, location_id, source_created_ms, source_updated_ms, doc, created_at, updated_at)
   VALUES (?, ?, ?, NULL, ?, ?, ?, ?, ?) ON CONFLICT (store_id, source_id) DO NOTHING`,
);
const byId = db.prepare('SELECT doc FROM orders WHERE store_id = ? AND id = ?').pluck();
const page = db
  .prepare(
    'SELECT doc FROM orders WHERE store_id = ? ORDER BY source_created_ms DESC, id DESC LIMIT CAST(? AS INTEGER) OFFSET ?',
  )
  .pluck();

// Fastify's own request logging (pino: a line as each request comes in and one as it completes) at the bench's
// LOG_LEVEL, as the project's server logs each request.
const logger = process.env.LOG_LEVEL ? { level: process.env.LOG_LEVEL } : false;
const app = Fastify({ logger, ajv: { customOptions: { strict: false } } });
for (const [name, schema] of Object.entries(spec.components.schemas)) app.addSchema({ $id: name, ...refs(schema) });

const meta = (code, type, message) => ({ code, type, message });
const fail = (reply, status, code, type, message) =>
  reply.code(status).send({ meta: meta(code, type, message), data: null });

// The checks of every request: the API key, then the store it names.
app.addHook('onRequest', async (request, reply) => {
  const key = request.headers['svc-api-key'];
  const account = key ? keyByHash.get(createHash('sha256').update(key).digest('hex')) : undefined;
  if (!account) return fail(reply, 401, 40100, 'Unauthorized', 'A valid svc-api-key header is required.');
  const store = request.headers['svc-store-id'];
  if (!store) return fail(reply, 412, 41201, 'PreconditionFailed', 'The svc-store-id header is required.');
  if (!storeOf.get(store, account))
    return fail(reply, 412, 41204, 'PreconditionFailed', 'The store could not be found.');
  request.storeId = store;
});

app.post(
  `${BASE}/orders`,
  { schema: { body: { $ref: 'OrderCreate#' }, response: { 201: { $ref: 'OrderCreatedEnvelope#' } } } },
  async (request, reply) => {
    const now = new Date().toISOString();
    const body = request.body;
    const id = `ord_${Date.now().toString(36)}${randomBytes(10).toString('hex')}`;
    const order = { id, store: { id: request.storeId }, ...body, created_at: now, updated_at: now };
    const ms = (t) => (t === undefined ? null : Date.parse(t));
    const done = insert.run(
      id,
      request.storeId,
      body.source_id,
      ms(body.source_created_at),
      ms(body.source_updated_at),
      JSON.stringify(order),
      now,
      now,
    );
    if (done.changes !== 1) return fail(reply, 409, 40900, 'Conflict', 'An order with this source_id already exists.');
    return reply.code(201).send({ meta: meta(20100, 'Created', 'Created.'), data: order });
  },
);

app.get(`${BASE}/orders/:id`, { schema: { response: { 200: { $ref: 'OrderEnvelope#' } } } }, async (request, reply) => {
  const doc = byId.get(request.storeId, request.params.id);
  if (doc === undefined) return fail(reply, 404, 40400, 'NotFound', 'The order could not be found.');
  return { meta: meta(20000, 'OK', 'OK.'), data: JSON.parse(doc) };
});

app.get(
  `${BASE}/orders`,
  {
    schema: {
      querystring: {
        type: 'object',
        properties: {
          page: { type: 'integer', minimum: 1, maximum: 200, default: 1 },
          limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        },
      },
      response: { 200: { $ref: 'OrderListEnvelope#' } },
    },
  },
  async (request) => {
    const { page: n, limit } = request.query;
    const docs = page.all(request.storeId, limit + 1, (n - 1) * limit);
    const orders = docs.slice(0, limit).map((d) => JSON.parse(d));
    return {
      meta: meta(20000, 'OK', 'OK.'),
      data: {
        orders,
        pagination: { page: n, limit, has_next_page: docs.length > limit },
        parameter_string: `page=${n}&limit=${limit}&sort=-source_created_at`,
      },
    };
  },
);

const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`Listening on ${address}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
