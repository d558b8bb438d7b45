import type { components } from '../../../generated/orders/types.js';
import type { MaybePromise } from '../../shared/maybe.js';
import type { JsonText } from '../envelope.js';
import type { SourceIdConflict } from '../outcomes.js';

export type Product = components['schemas']['Product'];
export type ProductCreate = components['schemas']['ProductCreate'];
export type ProductUpdate = components['schemas']['ProductUpdate'];

/** What a write of a product comes to: the product as stored, or the unique index's refusal. */
type ProductWrite = { product: JsonText<Product> } | SourceIdConflict;

/** The products' data access (repository.sqlite.ts, repository.pg.ts). Products come and go as JSON text (productJson). */
export interface ProductRepository {
  /** The product, when it is in the store. */
  find(storeId: string, id: string): MaybePromise<JsonText<Product> | undefined>;
  /** The product stored, or `{ conflict: 'source_id' }` when the store has one with this source_id. */
  insert(storeId: string, id: string, body: ProductCreate, now: string): MaybePromise<ProductWrite>;
  /** The product with `patch` applied, read and written under the row's lock; undefined when it is not in the store. */
  update(storeId: string, id: string, patch: ProductUpdate, now: string): MaybePromise<JsonText<Product> | undefined>;
}
