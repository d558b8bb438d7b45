import { describe, expect, it } from 'vitest';
import { ordersOperations } from '../../generated/orders/operations.js';
import { openTestDatabase } from '../support/database.js';
import { contractFor } from '../support/contract.js';

/**
 * What the code relies on without checking it where it is used. requireStore (src/commerce/service.ts)
 * remembers a store of an account for a second, and a streamed page of orders (list-orders.ts)
 * reads documents whose ids it listed earlier: both rely on stores and orders never being deleted
 * and a store never changing account. A change that breaks one fails here first.
 */
describe('stores and orders are never deleted, and a store never changes account', () => {
  it('no operation of the order service deletes a store or an order', () => {
    const deleting = Object.values(ordersOperations)
      .map(({ route }): { method: string; path: string; operationId: string } => route)
      .filter((route) => route.method === 'delete' && /^\/(stores|orders)\b/.test(route.path))
      .map((route) => route.operationId);
    expect(deleting).toEqual([]);
  });

  it('no repository method of stores or orders removes a record', async () => {
    const database = await openTestDatabase();
    try {
      const { stores, orders } = database.storage.repos;
      const methods = [...Object.keys(stores), ...Object.keys(orders)];
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
