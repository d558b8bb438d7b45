import type { JsonText } from '../envelope.js';
import type { Product, ProductCreate, ProductUpdate } from './repository.js';

type ProductFields = Omit<ProductCreate, 'source_id'>;

/**
 * The one place a product becomes the contract's Product, as JSON text: the service's fields
 * around the client's, `published` true when the client never sent it (the 2024-07 default).
 * This text is what `products.doc` stores, as for orders.
 */
export function productJson(p: {
  id: string;
  storeId: string;
  sourceId: string;
  fields: ProductFields;
  createdAt: string;
  updatedAt: string;
}): JsonText<Product> {
  return JSON.stringify({
    id: p.id,
    source_id: p.sourceId,
    store: { id: p.storeId },
    ...p.fields,
    published: p.fields.published ?? true,
    created_at: p.createdAt,
    updated_at: p.updatedAt,
  }) as JsonText<Product>;
}

export function newProductJson(id: string, storeId: string, body: ProductCreate, now: string): JsonText<Product> {
  const { source_id, ...fields } = body;
  return productJson({ id, storeId, sourceId: source_id, fields, createdAt: now, updatedAt: now });
}

/** A stored product with `patch` applied (fields sent replace theirs whole), rendered again. */
export function patchedProductJson(doc: JsonText<Product>, patch: ProductUpdate, now: string): JsonText<Product> {
  const { id, source_id, store, created_at, updated_at: _updated, ...fields } = JSON.parse(doc) as Product;
  return productJson({
    id,
    storeId: store.id,
    sourceId: source_id,
    fields: { ...fields, ...patch },
    createdAt: created_at,
    updatedAt: now,
  });
}
