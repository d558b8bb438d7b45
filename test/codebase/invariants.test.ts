import { describe, expect, it } from 'vitest';
import { ordersOperations } from '../../generated/orders/operations.js';
import { openTestDatabase } from '../support/database.js';
import { contractFor } from '../support/contract.js';

/**
 * What the code relies on without checking it where it is used: requireStore (src/commerce/service.ts)
 * remembers a store of an account for a second, which holds only while stores are never deleted
 * and never change account. A change that breaks either fails here first. (A streamed page of
 * orders leaves out an order gone since its ids were read: streamDocuments skips it.)
 */
describe('stores are never deleted, and a store never changes account', () => {
  it('no operation of the order service deletes a store', () => {
    const deleting = Object.values(ordersOperations)
      .map(({ route }): { method: string; path: string; operationId: string } => route)
      .filter((route) => route.method === 'delete' && /^\/stores\b/.test(route.path))
      .map((route) => route.operationId);
    expect(deleting).toEqual([]);
  });

  it('no repository method of stores removes a record', async () => {
    const database = await openTestDatabase();
    try {
      const methods = Object.keys(database.storage.repos.stores);
      expect(methods.filter((m) => /delete|remove|purge|destroy/i.test(m))).toEqual([]);
    } finally {
      await database.close();
    }
  });

  it('a store update cannot name another account', () => {
    const spec = contractFor('orders').spec as unknown as {
      components: { schemas: Record<string, { properties?: object }> };
    };
    expect(Object.keys(spec.components.schemas.StoreUpdate!.properties ?? {}).filter((p) => /account/.test(p))).toEqual(
      [],
    );
  });
});
