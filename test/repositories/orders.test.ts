import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, hash, type Engine } from '../support/engines.js';
import { largeOrderBody, locationBody, orderBody } from '../support/factories.js';
import { onPostgres, postgresUrl } from '../support/postgres.js';

// The order service's repositories, the same cases on each engine: what the handlers rely on
// (a source_id taken and an unknown pickup location refused as outcomes, pages in the list's
// order), the same bytes on both engines, and nothing lost or doubled under concurrency.

/** How a call ended: 'resolved' with a record, or the outcome it refused with (never a throw). */
const rejection = async (call: () => unknown) => {
  const result = await call();
  if (result !== null && typeof result === 'object' && 'conflict' in result)
    return `conflict:${String(result.conflict)}`;
  if (result !== null && typeof result === 'object' && 'missing' in result) return `missing:${String(result.missing)}`;
  return 'resolved';
};

const NOW = '2024-07-01T09:00:00.000Z';

/** The same scenario on an engine, as a transcript of what each call gave (ids fixed, so engines can be compared). */
async function scenario(e: Engine) {
  const out: Record<string, unknown> = {};
  const { accountId, apiKeyId, hash: h } = await e.account('scenario');
  out.principal = (await e.apiKeys.principalByHash(h)) ? 'found' : 'missing';
  out.principalIds = (await e.apiKeys.principalByHash(h))?.apiKeyId === apiKeyId;
  out.unknownKey = (await e.apiKeys.principalByHash(hash('nobody'))) ?? null;

  const store = await e.repos.stores.insert({
    id: 'sto_1',
    accountId,
    source_id: 'shop-1',
    name: 'Shop',
    currency: 'EUR',
    address: { country_region: 'DEU' } as never,
    now: NOW,
  });
  out.store = store;
  out.storeFound = await e.repos.stores.find(accountId, 'sto_1');
  out.storeOtherAccount = (await e.repos.stores.find('acc_other', 'sto_1')) ?? null;
  out.storeDuplicate = await rejection(() =>
    e.repos.stores.insert({ id: 'sto_2', accountId, source_id: 'shop-1', name: 'Again', currency: 'EUR', now: NOW }),
  );
  await e.repos.stores.insert({
    id: 'sto_3',
    accountId,
    source_id: 'shop-3',
    name: 'Third',
    currency: 'USD',
    now: '2024-07-01T09:00:01.000Z',
  });
  out.storePatched = await e.repos.stores.update(
    accountId,
    'sto_1',
    { name: 'Renamed', phone: '+49 30 1' },
    '2024-07-01T10:00:00.000Z',
  );
  out.storePatchTaken = await rejection(() => e.repos.stores.update(accountId, 'sto_1', { source_id: 'shop-3' }, NOW));
  out.storePatchMissing = (await e.repos.stores.update(accountId, 'sto_nope', { name: 'x' }, NOW)) ?? null;
  out.storePage = (await e.repos.stores.list(accountId, 0, 10)).map((s) => s.id);
  out.storePage2 = (await e.repos.stores.list(accountId, 1, 10)).map((s) => s.id);

  const loc = await e.repos.locations.insert({
    ...locationBody({ source_id: 'loc-1' }),
    id: 'loc_1',
    storeId: 'sto_1',
    now: NOW,
  });
  out.location = loc;
  out.locationDuplicate = await rejection(() =>
    e.repos.locations.insert({ ...locationBody({ source_id: 'loc-1' }), id: 'loc_2', storeId: 'sto_1', now: NOW }),
  );
  const { source_id: _none, ...noSource } = locationBody();
  await e.repos.locations.insert({ ...noSource, id: 'loc_3', storeId: 'sto_1', now: NOW });
  await e.repos.locations.insert({ ...noSource, id: 'loc_4', storeId: 'sto_1', now: NOW });
  out.locations = (await e.repos.locations.list('sto_1', 0, 10)).map((l) => l.id);
  out.locationOtherStore = (await e.repos.locations.find('sto_3', 'loc_1')) ?? null;

  for (let i = 0; i < 6; i++) {
    const body = orderBody({
      source_id: `o-${i}`,
      source_created_at: `2024-07-0${1 + (i % 3)}T10:00:00+02:00`,
      ...(i % 2 === 0 ? { source_updated_at: `2024-07-0${4 - (i % 3)}T10:00:00Z` } : {}),
    });
    out[`order${i}`] = await e.repos.orders.insert('sto_1', `ord_${i}`, body, NOW);
  }
  const pickup = orderBody({
    source_id: 'o-pickup',
    delivery_method: 'pickup',
    pickup_location: { location_id: 'loc_1' } as never,
  });
  out.orderPickup = await e.repos.orders.insert('sto_1', 'ord_p', pickup, NOW);
  out.orderUnknownLocation = await rejection(() =>
    e.repos.orders.insert(
      'sto_1',
      'ord_x',
      orderBody({ source_id: 'o-x', delivery_method: 'pickup', pickup_location: { location_id: 'loc_nope' } as never }),
      NOW,
    ),
  );
  out.orderDuplicate = await rejection(() =>
    e.repos.orders.insert('sto_1', 'ord_y', orderBody({ source_id: 'o-1' }), NOW),
  );
  out.orderLarge = (
    (await e.repos.orders.insert('sto_1', 'ord_l', largeOrderBody(1, 40) as never, NOW)) as string
  ).length;
  out.orderFound = await e.repos.orders.find('sto_1', 'ord_2');
  out.orderOtherStore = (await e.repos.orders.find('sto_3', 'ord_2')) ?? null;
  out.orderPatched = await e.repos.orders.update(
    'sto_1',
    'ord_2',
    { note: 'patched', source_updated_at: '2024-07-09T00:00:00Z' },
    '2024-07-01T11:00:00.000Z',
  );
  out.orderPatchMissing = (await e.repos.orders.update('sto_1', 'ord_nope', { note: 'x' }, NOW)) ?? null;
  for (const sort of [
    '-source_created_at',
    '+source_created_at',
    '-source_updated_at',
    '+source_updated_at',
  ] as const) {
    const page = await e.repos.orders.listPage({ storeId: 'sto_1', sort, offset: 0, fetch: 20 });
    out[`page${sort}`] = page.map((r) => [r.id, r.doc === undefined ? 'alone' : r.doc.length]);
  }
  out.pageFiltered = (
    await e.repos.orders.listPage({
      storeId: 'sto_1',
      sort: '-source_created_at',
      sourceIds: ['o-1', 'o-4', 'nope'],
      offset: 0,
      fetch: 20,
    })
  ).map((r) => r.id);
  out.pageWindow = (
    await e.repos.orders.listPage({ storeId: 'sto_1', sort: '+source_created_at', offset: 2, fetch: 3 })
  ).map((r) => r.id);
  out.pageDeep = await e.repos.orders.listPage({
    storeId: 'sto_1',
    sort: '+source_created_at',
    offset: 600,
    fetch: 51,
  });
  return out;
}

const transcripts: Record<string, Record<string, unknown>> = {};

describe.each(engines)('order repositories on %s', (name, open, available) => {
  let e: Engine;
  beforeAll(async () => {
    if (available) e = await open();
  });
  afterAll(async () => {
    await e?.close();
  });

  it.skipIf(!available)('do what the handlers rely on', async () => {
    const t = await scenario(e);
    transcripts[name.startsWith('SQLite') ? 'sqlite' : 'postgres'] = t;
    expect(t.principal).toBe('found');
    expect(t.principalIds).toBe(true);
    expect(t.unknownKey).toBeNull();
    expect(t.storeFound).toEqual(t.store);
    expect(t.storeOtherAccount).toBeNull();
    expect([
      t.storeDuplicate,
      t.storePatchTaken,
      t.locationDuplicate,
      t.orderDuplicate,
      t.orderUnknownLocation,
    ]).toEqual([
      'conflict:source_id',
      'conflict:source_id',
      'conflict:source_id',
      'conflict:source_id',
      'missing:pickup_location.location_id',
    ]);
    expect(t.storePatched).toMatchObject({
      id: 'sto_1',
      name: 'Renamed',
      phone: '+49 30 1',
      updatedAt: '2024-07-01T10:00:00.000Z',
    });
    expect(t.storePatchMissing).toBeNull();
    expect([t.storePage, t.storePage2]).toEqual([['sto_1', 'sto_3'], ['sto_3']]);
    expect(t.locations).toEqual(['loc_1', 'loc_3', 'loc_4']);
    expect(t.locationOtherStore).toBeNull();
    expect(t.orderFound).toBe(t.order2);
    expect(t.orderOtherStore).toBeNull();
    expect(JSON.parse(t.orderPatched as string)).toMatchObject({
      id: 'ord_2',
      note: 'patched',
      updated_at: '2024-07-01T11:00:00.000Z',
    });
    expect(JSON.parse(t.orderPickup as string).pickup_location).toMatchObject({
      location_id: 'loc_1',
      address: { city: 'Berlin' },
    });
    expect(t.orderPatchMissing).toBeNull();
    expect(t.orderLarge).toBeGreaterThan(16 * 1024);
    // The large order comes without its document (read alone when a list streams).
    expect((t['page-source_created_at'] as Array<[string, unknown]>).find(([id]) => id === 'ord_l')![1]).toBe('alone');
    expect(t.pageFiltered).toEqual(['ord_4', 'ord_1']);
    expect(t.pageDeep).toEqual([]);
  });

  it.skipIf(!available)(
    'keep one of many concurrent creates of one source_id, and every concurrent patch',
    async () => {
      const { accountId } = await e.account('concurrency');
      const stores = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          rejection(() =>
            e.repos.stores.insert({
              id: `sto_c${i}`,
              accountId,
              source_id: 'same',
              name: 'S',
              currency: 'EUR',
              now: NOW,
            }),
          ),
        ),
      );
      expect(stores.filter((r) => r === 'resolved')).toHaveLength(1);
      expect(stores.filter((r) => r === 'conflict:source_id')).toHaveLength(19);
      const storeId = `sto_c${stores.indexOf('resolved')}`;
      const orders = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          rejection(() => e.repos.orders.insert(storeId, `ord_c${i}`, orderBody({ source_id: 'same' }), NOW)),
        ),
      );
      expect(orders.filter((r) => r === 'resolved')).toHaveLength(1);
      expect(orders.filter((r) => r === 'conflict:source_id')).toHaveLength(39);
      const id = `ord_c${orders.indexOf('resolved')}`;
      // Patches of different fields at once: each is applied to the order as the one before left it.
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => [
          e.repos.orders.update(storeId, id, { note: `note-${i}` }, NOW),
          e.repos.orders.update(storeId, id, { source_updated_at: `2024-07-${10 + i}T00:00:00Z` }, NOW),
          e.repos.orders.update(storeId, id, { tags: [`t${i}`] }, NOW),
        ]).flat(),
      );
      const final = JSON.parse((await e.repos.orders.find(storeId, id)) as string) as {
        note?: string;
        source_updated_at: string;
        tags: string[];
      };
      expect(final.note).toMatch(/^note-\d+$/);
      expect(final.source_updated_at).toMatch(/^2024-07-\d\dT00:00:00Z$/);
      expect(final.tags[0]).toMatch(/^t\d+$/);
    },
  );

  // On PostgreSQL the finds asked for in one turn go as one statement (src/shared/db/pg-turn-finds.ts); on SQLite
  // they are the turn's reads.
  it.skipIf(!available)('find each of many orders asked for at once, in its own store only', async () => {
    const { accountId } = await e.account('finds');
    for (const s of ['sto_f1', 'sto_f2'])
      await e.repos.stores.insert({ id: s, accountId, source_id: s, name: 'S', currency: 'EUR', now: NOW });
    for (let i = 0; i < 8; i++)
      await e.repos.orders.insert(i % 2 ? 'sto_f2' : 'sto_f1', `ord_f${i}`, orderBody({ source_id: `f-${i}` }), NOW);
    const asks = Array.from({ length: 40 }, (_, i) => ({
      store: i % 3 ? 'sto_f1' : 'sto_f2',
      id: i % 7 === 6 ? `ord_nope${i}` : i % 11 === 10 ? 'ord_f0\0' : `ord_f${i % 8}`,
    }));
    const together = await Promise.all(asks.map((a) => e.repos.orders.find(a.store, a.id)));
    const oneByOne: unknown[] = [];
    for (const a of asks) oneByOne.push(await e.repos.orders.find(a.store, a.id));
    expect(together).toEqual(oneByOne);
    const ids = together.map((doc) => (doc === undefined ? null : (JSON.parse(doc) as { id: string }).id));
    expect(ids).toEqual(
      asks.map((a) => {
        const n = Number(/^ord_f(\d)$/.exec(a.id)?.[1] ?? -1);
        return n >= 0 && (n % 2 ? 'sto_f2' : 'sto_f1') === a.store ? `ord_f${n}` : null;
      }),
    );
    expect(ids.filter(Boolean).length).toBeGreaterThan(10);
  });

  // On PostgreSQL a turn's pages of one sort go as one statement (orders/repository.pg.ts, turnPages).
  it.skipIf(!available)('give each of many pages asked for at once its own rows, in its order', async () => {
    const { accountId } = await e.account('pages');
    for (const s of ['sto_p1', 'sto_p2'])
      await e.repos.stores.insert({ id: s, accountId, source_id: s, name: 'S', currency: 'EUR', now: NOW });
    for (let i = 0; i < 14; i++)
      await e.repos.orders.insert(
        i % 3 ? 'sto_p1' : 'sto_p2',
        `ord_p${String(i).padStart(2, '0')}`,
        orderBody({
          source_id: `p-${i}`,
          source_created_at: `2024-07-0${1 + (i % 4)}T10:00:00Z`,
          source_updated_at: `2024-07-0${1 + (i % 5)}T10:00:00Z`,
        }),
        NOW,
      );
    const sorts = ['-source_created_at', '+source_created_at', '-source_updated_at', '+source_updated_at'] as const;
    const asks = Array.from({ length: 24 }, (_, i) => ({
      storeId: i % 4 === 3 ? 'sto_p2' : i % 5 === 4 ? 'sto_none' : 'sto_p1',
      sort: sorts[i % 4]!,
      offset: i % 6,
      fetch: 1 + (i % 5),
    }));
    const together = await Promise.all(asks.map((q) => e.repos.orders.listPage(q)));
    const oneByOne: unknown[] = [];
    for (const q of asks) oneByOne.push(await e.repos.orders.listPage(q));
    expect(together).toEqual(oneByOne);
    // Each page as the sort and the offset make it, from what was stored.
    const stored = Array.from({ length: 14 }, (_, i) => ({
      id: `ord_p${String(i).padStart(2, '0')}`,
      storeId: i % 3 ? 'sto_p1' : 'sto_p2',
      created: 1 + (i % 4),
      updated: 1 + (i % 5),
    }));
    expect(together.map((rows) => rows.map((r) => r.id))).toEqual(
      asks.map((q) => {
        const key = q.sort.endsWith('created_at') ? 'created' : 'updated';
        const sign = q.sort.startsWith('-') ? -1 : 1;
        return stored
          .filter((o) => o.storeId === q.storeId)
          .sort((a, b) => sign * (a[key] - b[key] || (a.id < b.id ? -1 : 1)))
          .slice(q.offset, q.offset + q.fetch)
          .map((o) => o.id);
      }),
    );
    expect(together.every((rows) => rows.every((r) => r.doc !== undefined))).toBe(true);
    expect(together.flat().length).toBeGreaterThan(20);
  });
});

describe.skipIf(!postgresUrl)(onPostgres('the two engines'), () => {
  it('give the same answers to the same calls, byte for byte', () => {
    expect(Object.keys(transcripts).sort()).toEqual(['postgres', 'sqlite']);
    expect(transcripts.postgres).toEqual(transcripts.sqlite);
  });
});

// The concurrency case runs each engine its own way: SQLite's single writer serialises everything;
// on PostgreSQL the creates race on the unique index and the patches on the row lock.
