import { bigint, index, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { text } from '../shared/db/pg-columns.js';
import { accounts } from '../shared/db/schema.pg.js';

// The PostgreSQL twin of schema.ts (test/shared/schemas.test.ts keeps the two in step).

export const stores = pgTable(
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
    categories: text('categories'),
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

export const locations = pgTable(
  'locations',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    sourceId: text('source_id'),
    name: text('name').notNull(),
    address: text('address').notNull(),
    openingHours: text('opening_hours').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('locations_store_source').on(t.storeId, t.sourceId),
    index('locations_store_created').on(t.storeId, t.createdAt, t.id),
  ],
);

/** Sort keys are epoch milliseconds (NO_TIME, -2^53+1, for none): bigint, as SQLite's integer is 64-bit. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    storeId: text('store_id')
      .notNull()
      .references(() => stores.id),
    sourceId: text('source_id').notNull(),
    locationId: text('location_id').references(() => locations.id),
    sourceCreatedMs: bigint('source_created_ms', { mode: 'number' }).notNull(),
    sourceUpdatedMs: bigint('source_updated_ms', { mode: 'number' }).notNull(),
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

export const products = pgTable(
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

export const fulfillments = pgTable(
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
