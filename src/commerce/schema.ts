import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { accounts } from '../shared/db/schema.js';

export const stores = sqliteTable(
  'stores',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id),
    sourceId: text('source_id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    ownerEmail: text('owner_email'),
    supportEmail: text('support_email'),
    phone: text('phone'),
    url: text('url'),
    timezoneIdentifier: text('timezone_identifier'),
    weightUnit: text('weight_unit'),
    description: text('description'),
    /** JSON array of the contract's `categories`. */
    categories: text('categories'),
    /** JSON of the contract's StoreAddress. */
    address: text('address'),
    sourceCreatedAt: text('source_created_at'),
    sourceUpdatedAt: text('source_updated_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('stores_account_source').on(t.accountId, t.sourceId),
    index('stores_account_created').on(t.accountId, t.createdAt, t.id),
  ],
);

export const locations = sqliteTable(
  'locations',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    sourceId: text('source_id'),
    name: text('name').notNull(),
    /** JSON of the contract's LocationAddress. */
    address: text('address').notNull(),
    /** JSON of the contract's OpeningHours. */
    openingHours: text('opening_hours').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('locations_store_source').on(t.storeId, t.sourceId),
    index('locations_store_created').on(t.storeId, t.createdAt, t.id),
  ],
);

/**
 * Orders keep the whole order as the API answers it (`doc`, written by orderJson); the columns
 * beside it are what the service filters, sorts and joins on. Sort keys are epoch milliseconds,
 * NO_TIME when an order has none, so that the order is total and the same on any database.
 *
 * `key` is the table's rowid, made from the id (rowKey, shared/ids.ts), so that a read by id is one
 * descent of the table's B-tree instead of one of the id index and one of the table. When two ids make
 * the same key (or an id is not of the service's format), the later row gets a key SQLite picks, and is
 * found by its id through the unique index instead.
 */
export const orders = sqliteTable(
  'orders',
  {
    key: integer('key').primaryKey(), // above 2^53: read and written as BigInt, on better-sqlite3 directly
    id: text('id').notNull().unique(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    sourceId: text('source_id').notNull(),
    locationId: text('location_id').references(() => locations.id),
    sourceCreatedMs: integer('source_created_ms').notNull(),
    sourceUpdatedMs: integer('source_updated_ms').notNull(),
    doc: text('doc').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('orders_store_source').on(t.storeId, t.sourceId),
    index('orders_store_source_created').on(t.storeId, t.sourceCreatedMs, t.id),
    index('orders_store_source_updated').on(t.storeId, t.sourceUpdatedMs, t.id),
  ],
);

export const NO_TIME = Number.MIN_SAFE_INTEGER;

/**
 * Products keep the whole product as the API answers it, as one JSON document (`doc`, written by
 * productJson, products/render.ts), like orders; the unique index makes a source_id one per store.
 */
export const products = sqliteTable(
  'products',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    sourceId: text('source_id').notNull(),
    doc: text('doc').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [uniqueIndex('products_store_source').on(t.storeId, t.sourceId)],
);

/**
 * Fulfillments keep the rendered fulfillment (`doc`); the columns beside it are what lists filter
 * on and what the quantity rule reads (canceled ones hold no units).
 */
export const fulfillments = sqliteTable(
  'fulfillments',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id),
    orderSourceId: text('order_source_id').notNull(),
    sourceId: text('source_id'),
    status: text('status').notNull(),
    doc: text('doc').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('fulfillments_store_source').on(t.storeId, t.sourceId),
    index('fulfillments_store_order').on(t.storeId, t.orderId),
    index('fulfillments_store_created').on(t.storeId, t.createdAt, t.id),
  ],
);
