import type { NewStore, Store, StoreRow, StoreUpdate } from './repository.js';

/** Contract field → row column for a store's optional fields. */
const OPTIONAL = {
  support_email: 'supportEmail',
  owner_email: 'ownerEmail',
  phone: 'phone',
  url: 'url',
  timezone_identifier: 'timezoneIdentifier',
  weight_unit: 'weightUnit',
  description: 'description',
  categories: 'categories',
  address: 'address',
  source_created_at: 'sourceCreatedAt',
  source_updated_at: 'sourceUpdatedAt',
} as const satisfies Record<string, keyof StoreRow>;
type OptionalField = keyof typeof OPTIONAL;
const JSON_FIELDS = new Set<OptionalField>(['categories', 'address']);

export function toStore(row: StoreRow): Store {
  const store: Record<string, unknown> = {
    id: row.id,
    source_id: row.sourceId,
    name: row.name,
    currency: row.currency,
  };
  for (const [field, column] of Object.entries(OPTIONAL) as Array<[OptionalField, keyof StoreRow]>) {
    const v = row[column];
    if (v !== null) store[field] = JSON_FIELDS.has(field) ? JSON.parse(v as string) : v;
  }
  store.created_at = row.createdAt;
  store.updated_at = row.updatedAt;
  return store as Store;
}

function optionalColumns(input: Partial<Record<OptionalField, unknown>>): Partial<StoreRow> {
  const out: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(OPTIONAL) as Array<[OptionalField, keyof StoreRow]>) {
    const v = input[field];
    if (v !== undefined) out[column] = JSON_FIELDS.has(field) ? JSON.stringify(v) : v;
  }
  return out as Partial<StoreRow>;
}

export function newStoreRow(input: NewStore) {
  return {
    id: input.id,
    accountId: input.accountId,
    sourceId: input.source_id,
    name: input.name,
    currency: input.currency,
    ...optionalColumns(input),
    createdAt: input.now,
    updatedAt: input.now,
  };
}

export function storePatchColumns(patch: StoreUpdate, now: string): Partial<StoreRow> {
  return {
    ...(patch.source_id !== undefined && { sourceId: patch.source_id }),
    ...(patch.name !== undefined && { name: patch.name }),
    ...(patch.currency !== undefined && { currency: patch.currency }),
    ...optionalColumns(patch),
    updatedAt: now,
  };
}
