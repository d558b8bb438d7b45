// Generated from openapi/orders.yaml by `npm run generate`. Do not edit by hand.

import * as z from 'zod';

/**
 * A non-negative decimal amount, such as `12.50`.
 */
export const zAmount = z.string().min(1).refine(s => s.length <= 100 || Array.from(s).length <= 100, { message: 'Must be at most 100 characters long.' }).regex(/^[0-9]+(\.[0-9]+)?$/);

/**
 * ISO 4217 currency code.
 */
export const zCurrency = z.string().regex(/^[A-Z]{3}$/);

/**
 * ISO 3166-1 alpha-3 country or region code (`USA`, `HKG`, `PRT`), upper case, as the
 * 2024-07 interface defines it; stored and answered exactly as sent.
 *
 */
export const zCountryRegion = z.string().regex(/^[A-Z]{3}$/);

/**
 * An e-mail address as the client holds it. No address syntax is checked (the 2024-07
 * interface applies none); at most 320 characters, a bound that protects the service
 * (64 + 1 + 255, the longest address mail systems carry).
 *
 */
export const zEmail = z.string().refine(s => s.length <= 320 || Array.from(s).length <= 320, { message: 'Must be at most 320 characters long.' });

/**
 * An RFC 3339 date-time (`format: date-time`) in the one form the service accepts, which the
 * pattern states: `YYYY-MM-DDThh:mm:ss`, optional fractional seconds, then `Z` or `±hh:mm`;
 * upper-case `T` and `Z`, seconds required, no leap second (`:60`), a real calendar date
 * (`2024-02-30` is refused). A validator that applies both the format and the pattern
 * accepts exactly what the server accepts.
 *
 */
export const zDateTime = z.iso.datetime({ offset: true }).refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9])$/);

/**
 * Identifier in the caller's own system.
 */
export const zSourceId = z.string().min(1).refine(s => s.length <= 32 || Array.from(s).length <= 32, { message: 'Must be at most 32 characters long.' });

export const zOrderStatus = z.enum([
    'open',
    'closed',
    'canceled'
]);

/**
 * Payment state of the order. `null` (no payment state known) is accepted and answered back as sent, as in the 2024-07 interface.
 */
export const zFinancialStatus = z.enum([
    'partially_paid',
    'paid',
    'partially_refunded',
    'refunded',
    'unpaid'
]).nullable();

/**
 * Fulfillment state of the order. `null` is accepted and answered back as sent, as in the 2024-07 interface.
 */
export const zFulfillmentStatus = z.enum([
    'unfulfilled',
    'partially_fulfilled',
    'fulfilled'
]).nullable();

/**
 * `shipping` for orders shipped to the buyer; `pickup` for buy-online-pick-up-in-store orders.
 */
export const zDeliveryMethod = z.enum(['shipping', 'pickup']);

export const zTags = z.array(z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' })).max(100);

export const zCoordinate = z.strictObject({
    latitude: z.number().gte(-90).lte(90),
    longitude: z.number().gte(-180).lte(180)
});

/**
 * A postal address. Every field is optional on orders; `coordinate` is filled on a pickup location's address.
 */
export const zAddress = z.strictObject({
    type: z.enum(['business', 'residential']).optional(),
    street_1: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    street_2: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    street_3: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    city: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    state: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    postal_code: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    country_region: zCountryRegion.optional(),
    company: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    first_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    last_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    email: zEmail.optional(),
    phone: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    coordinate: zCoordinate.optional()
});

/**
 * The address of a pickup location, as AfterShip's 2024-07 Location model has it: `street_1`,
 * `state` and `country_region` are required, the rest optional (`coordinate` included). Until
 * this correction `city` and `coordinate` were required and `state` was not (docs/changelog.md);
 * locations stored then read as they were (`LocationAddressStored`).
 *
 */
export const zLocationAddress = z.strictObject({
    type: z.enum(['business', 'residential']).optional(),
    street_1: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    street_2: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    street_3: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    city: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    state: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    postal_code: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    country_region: zCountryRegion,
    company: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    first_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    last_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    email: zEmail.optional(),
    phone: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    coordinate: zCoordinate.optional()
});

/**
 * A pickup location's address as answered: what `LocationAddress` takes now, or what it took
 * before the 2024-07 correction (`street_1`, `city`, `country_region` and `coordinate`), so
 * `street_1` and `country_region` are always there.
 *
 */
export const zLocationAddressStored = z.strictObject({
    type: z.enum(['business', 'residential']).optional(),
    street_1: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    street_2: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    street_3: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    city: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    state: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    postal_code: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    country_region: zCountryRegion,
    company: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    first_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    last_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    email: zEmail.optional(),
    phone: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    coordinate: zCoordinate.optional()
});

export const zCustomer = z.strictObject({
    source_id: zSourceId.optional(),
    first_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    last_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    emails: z.array(zEmail).max(100).optional(),
    locale: z.string().refine(s => s.length <= 128 || Array.from(s).length <= 128, { message: 'Must be at most 128 characters long.' }).optional(),
    phones: z.array(z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' })).max(100).optional()
});

export const zWeight = z.strictObject({
    unit: z.enum([
        'g',
        'kg',
        'oz',
        'lb'
    ]),
    value: z.number().gte(0)
});

export const zMoney = z.strictObject({
    currency: zCurrency,
    amount: zAmount
});

/**
 * A line of an order. `quantity` is required; on a create `source_id` is too
 * (OrderItemCreate). In answers `source_id` is absent only on items of orders created before
 * that correction.
 *
 */
export const zOrderItem = z.strictObject({
    source_id: zSourceId.optional(),
    sku: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    quantity: z.int().gte(1).lte(1000000),
    unit_weight: zWeight.optional(),
    unit_price: zMoney.optional(),
    product_title: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }).optional(),
    product_variant_title: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }).optional(),
    discount: zAmount.optional(),
    tax: zAmount.optional(),
    fulfillable_quantity: z.int().gte(0).lte(1000000).optional(),
    source_product_id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    source_variant_id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    hs_code: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    origin_country_region: zCountryRegion.optional(),
    image_urls: z.array(z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' })).max(100).optional(),
    product_tags: zTags.optional(),
    product_categories: zTags.optional(),
    returnable_quantity: z.int().gte(0).lte(1000000).optional()
});

/**
 * An item as a create sends it: an OrderItem whose `source_id` (at most 32 characters) is
 * required, as the 2024-07 Order model has it (a correction: this contract first had it
 * optional). Orders stored before the correction keep answering items without one.
 *
 */
export const zOrderItemCreate = z.strictObject({
    source_id: zSourceId,
    sku: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    quantity: z.int().gte(1).lte(1000000),
    unit_weight: zWeight.optional(),
    unit_price: zMoney.optional(),
    product_title: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }).optional(),
    product_variant_title: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }).optional(),
    discount: zAmount.optional(),
    tax: zAmount.optional(),
    fulfillable_quantity: z.int().gte(0).lte(1000000).optional(),
    source_product_id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    source_variant_id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    hs_code: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    origin_country_region: zCountryRegion.optional(),
    image_urls: z.array(z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' })).max(100).optional(),
    product_tags: zTags.optional(),
    product_categories: zTags.optional(),
    returnable_quantity: z.int().gte(0).lte(1000000).optional()
});

/**
 * Opening hours of one day. On an open day `from` and `to` are both sent: both `HH:MM`, or
 * both `null` for a day open 24 hours (as the 2024-07 interface writes it); one `null` and
 * one time is refused (`422`). A missing `from` or `to` on an open day is `422` too.
 *
 */
export const zDayHours = z.strictObject({
    open: z.boolean(),
    from: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/).nullish(),
    to: z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/).nullish()
});

export const zOpeningHours = z.strictObject({
    sunday: zDayHours,
    monday: zDayHours,
    tuesday: zDayHours,
    wednesday: zDayHours,
    thursday: zDayHours,
    friday: zDayHours,
    saturday: zDayHours
});

/**
 * The address of a ship-from or ship-to location, as AfterShip's Location model has it ("street_1", "state" and "country_region" required).
 */
export const zShipAddress = z.strictObject({
    type: z.enum(['business', 'residential']).optional(),
    street_1: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    street_2: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    street_3: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    city: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    state: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    postal_code: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    country_region: zCountryRegion,
    company: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    first_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    last_name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    email: zEmail.optional(),
    phone: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional()
});

/**
 * Where a fulfillment ships from or to, as the 2024-07 fulfillment has `ship_from_location` and
 * `ship_to_location`: either `location_id` (a location of the same store: this service's
 * locations stand for AfterShip's admin locations) or `address`, exactly one of them (`422` at
 * the field otherwise). It is answered as sent (a `location_id` is not expanded, unlike
 * `pickup_location`).
 *
 */
export const zShipLocation = z.strictObject({
    location_id: z.string().min(1).refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    address: zShipAddress.optional()
});

export const zPickupLocationRef = z.strictObject({
    location_id: z.string().min(1).refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The pickup location, expanded from the stored location record.
 */
export const zPickupLocation = z.object({
    location_id: z.string(),
    address: zLocationAddressStored,
    opening_hours: zOpeningHours
});

export const zPickupWindow = z.strictObject({
    min: zDateTime,
    max: zDateTime
});

export const zPickupInfo = z.strictObject({
    instructions: z.string().refine(s => s.length <= 1000 || Array.from(s).length <= 1000, { message: 'Must be at most 1000 characters long.' }).optional(),
    estimated_ready_for_pickup_at: zPickupWindow.optional(),
    pickup_deadline_at: zDateTime.optional()
});

export const zOrderCreate = z.strictObject({
    source_id: zSourceId,
    name: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    number: z.string().min(1).refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }),
    currency: zCurrency,
    status: zOrderStatus,
    financial_status: zFinancialStatus.optional(),
    fulfillment_status: zFulfillmentStatus.optional(),
    order_total: zAmount,
    shipping_total: zAmount.optional(),
    tax_total: zAmount.optional(),
    discount_total: zAmount.optional(),
    subtotal: zAmount.optional(),
    items: z.array(zOrderItemCreate).min(1).max(100),
    note: z.string().refine(s => s.length <= 5000 || Array.from(s).length <= 5000, { message: 'Must be at most 5000 characters long.' }).optional(),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional(),
    customer: zCustomer.optional(),
    shipping_address: zAddress.optional(),
    billing_address: zAddress.optional(),
    tags: zTags.optional(),
    shipping_method: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    delivery_method: zDeliveryMethod,
    pickup_location: zPickupLocationRef.optional(),
    pickup_info: zPickupInfo.optional()
});

/**
 * The fields to change. An empty object changes nothing and returns the order as it is.
 */
export const zOrderUpdate = z.strictObject({
    note: z.string().refine(s => s.length <= 5000 || Array.from(s).length <= 5000, { message: 'Must be at most 5000 characters long.' }).optional(),
    tags: zTags.optional(),
    shipping_address: zAddress.optional(),
    billing_address: zAddress.optional(),
    customer: zCustomer.optional(),
    status: zOrderStatus.optional(),
    financial_status: zFinancialStatus.optional(),
    fulfillment_status: zFulfillmentStatus.optional(),
    source_updated_at: zDateTime.optional()
});

export const zStoreRef = z.object({
    id: z.string()
});

export const zOrder = z.object({
    id: z.string(),
    source_id: z.string(),
    store: zStoreRef,
    name: z.string().optional(),
    number: z.string(),
    currency: zCurrency,
    status: zOrderStatus,
    financial_status: zFinancialStatus.optional(),
    fulfillment_status: zFulfillmentStatus.optional(),
    order_total: zAmount,
    shipping_total: zAmount.optional(),
    tax_total: zAmount.optional(),
    discount_total: zAmount.optional(),
    subtotal: zAmount.optional(),
    items: z.array(zOrderItem),
    note: z.string().optional(),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional(),
    created_at: zDateTime,
    updated_at: zDateTime,
    customer: zCustomer.optional(),
    shipping_address: zAddress.optional(),
    billing_address: zAddress.optional(),
    tags: zTags,
    shipping_method: z.string().optional(),
    delivery_method: zDeliveryMethod,
    pickup_location: zPickupLocation.optional(),
    pickup_info: zPickupInfo.optional()
});

/**
 * The physical address of the store, as the 2024-07 interface writes it. Every field is optional.
 */
export const zStoreAddress = z.strictObject({
    street_1: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    street_2: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    street_3: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).nullish(),
    city: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    state: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    postal_code: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    country_region: zCountryRegion.optional(),
    coordinate: zCoordinate.optional()
});

/**
 * A store as the 2024-07 interface's "Create a store" takes it: `source_id`, `name` and
 * `currency` required, every other field optional, with that interface's field names.
 *
 */
export const zStoreCreate = z.strictObject({
    source_id: zSourceId,
    name: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    currency: zCurrency,
    support_email: zEmail.optional(),
    owner_email: zEmail.optional(),
    phone: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    url: z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' }).optional(),
    timezone_identifier: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).regex(/^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/).optional(),
    weight_unit: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    description: z.string().refine(s => s.length <= 10240 || Array.from(s).length <= 10240, { message: 'Must be at most 10240 characters long.' }).optional(),
    categories: z.array(z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' })).max(100).optional(),
    address: zStoreAddress.optional(),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional()
});

/**
 * The fields to change. An empty object changes nothing and returns the store as it is.
 */
export const zStoreUpdate = z.strictObject({
    source_id: zSourceId.optional(),
    name: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    currency: zCurrency.optional(),
    support_email: zEmail.optional(),
    owner_email: zEmail.optional(),
    phone: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    url: z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' }).optional(),
    timezone_identifier: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).regex(/^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/).optional(),
    weight_unit: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    description: z.string().refine(s => s.length <= 10240 || Array.from(s).length <= 10240, { message: 'Must be at most 10240 characters long.' }).optional(),
    categories: z.array(z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' })).max(100).optional(),
    address: zStoreAddress.optional(),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional()
});

export const zStore = z.object({
    id: z.string(),
    source_id: z.string(),
    name: z.string(),
    currency: zCurrency,
    support_email: zEmail.optional(),
    owner_email: zEmail.optional(),
    phone: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    url: z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' }).optional(),
    timezone_identifier: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).regex(/^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/).optional(),
    weight_unit: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    description: z.string().refine(s => s.length <= 10240 || Array.from(s).length <= 10240, { message: 'Must be at most 10240 characters long.' }).optional(),
    categories: z.array(z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' })).max(100).optional(),
    address: zStoreAddress.optional(),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional(),
    created_at: zDateTime,
    updated_at: zDateTime
});

export const zLocationCreate = z.strictObject({
    source_id: zSourceId.optional(),
    name: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    address: zLocationAddress,
    opening_hours: zOpeningHours
});

export const zLocation = z.object({
    id: z.string(),
    store: zStoreRef,
    source_id: z.string().optional(),
    name: z.string(),
    address: zLocationAddressStored,
    opening_hours: zOpeningHours,
    created_at: zDateTime,
    updated_at: zDateTime
});

export const zPagination = z.object({
    page: z.int().gte(1).lte(200),
    limit: z.int().gte(1).lte(50),
    has_next_page: z.boolean()
});

export const zMetaOk = z.object({
    code: z.literal(20000),
    type: z.enum(['OK']),
    message: z.string()
});

export const zMetaCreated = z.object({
    code: z.literal(20100),
    type: z.enum(['Created']),
    message: z.string()
});

export const zStoreEnvelope = z.object({
    meta: zMetaOk,
    data: zStore
});

export const zStoreCreatedEnvelope = z.object({
    meta: zMetaCreated,
    data: zStore
});

export const zStoreListEnvelope = z.object({
    meta: zMetaOk,
    data: z.object({
        stores: z.array(zStore).max(50),
        pagination: zPagination,
        parameter_string: z.string()
    })
});

export const zLocationEnvelope = z.object({
    meta: zMetaOk,
    data: zLocation
});

export const zLocationCreatedEnvelope = z.object({
    meta: zMetaCreated,
    data: zLocation
});

export const zLocationListEnvelope = z.object({
    meta: zMetaOk,
    data: z.object({
        locations: z.array(zLocation).max(50),
        pagination: zPagination,
        parameter_string: z.string()
    })
});

export const zOrderEnvelope = z.object({
    meta: zMetaOk,
    data: zOrder
});

export const zOrderCreatedEnvelope = z.object({
    meta: zMetaCreated,
    data: zOrder
});

export const zOrderListEnvelope = z.object({
    meta: zMetaOk,
    data: z.object({
        orders: z.array(zOrder).max(50),
        pagination: zPagination,
        parameter_string: z.string()
    })
});

/**
 * A custom property of a variant (`Size`, `Color`, `Material`) and its value. The 2024-07
 * page names the property without bounds; 256 characters each is a bound that protects the
 * service.
 *
 */
export const zVariantOption = z.strictObject({
    name: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    value: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' })
});

/**
 * A variant of a product, as the 2024-07 "Create a product" page has it.
 */
export const zProductVariant = z.strictObject({
    source_id: zSourceId,
    available_quantity: z.int().gte(-2147483648).lte(2147483647).optional(),
    sku: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    title: z.string().min(1).refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }),
    price: zAmount,
    image_urls: z.array(z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' })).max(100).optional(),
    compare_at_price: zAmount.optional(),
    weight: zWeight.optional(),
    allow_backorder: z.boolean().optional(),
    options: z.array(zVariantOption).min(1).max(100).optional()
});

/**
 * A product as the 2024-07 "Create a product" page takes it.
 */
export const zProductCreate = z.strictObject({
    source_id: zSourceId,
    title: z.string().min(1).refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }),
    slug: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }).optional(),
    categories: zTags.optional(),
    tags: zTags.optional(),
    image_urls: z.array(z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' })).max(100),
    url: z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' }).optional(),
    published: z.boolean().optional(),
    description: z.string().refine(s => s.length <= 10240 || Array.from(s).length <= 10240, { message: 'Must be at most 10240 characters long.' }).optional(),
    variants: z.array(zProductVariant).min(1).max(500),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional()
});

/**
 * The fields to change. An empty object changes nothing and returns the product as it is.
 */
export const zProductUpdate = z.strictObject({
    title: z.string().min(1).refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }).optional(),
    slug: z.string().refine(s => s.length <= 1024 || Array.from(s).length <= 1024, { message: 'Must be at most 1024 characters long.' }).optional(),
    categories: zTags.optional(),
    tags: zTags.optional(),
    image_urls: z.array(z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' })).max(100).optional(),
    url: z.url().refine(s => s.length <= 2048 || Array.from(s).length <= 2048, { message: 'Must be at most 2048 characters long.' }).optional(),
    published: z.boolean().optional(),
    description: z.string().refine(s => s.length <= 10240 || Array.from(s).length <= 10240, { message: 'Must be at most 10240 characters long.' }).optional(),
    variants: z.array(zProductVariant).min(1).max(500).optional(),
    source_updated_at: zDateTime.optional()
});

export const zProduct = z.object({
    id: z.string(),
    source_id: z.string(),
    store: zStoreRef,
    title: z.string(),
    slug: z.string().optional(),
    categories: zTags.optional(),
    tags: zTags.optional(),
    image_urls: z.array(z.string()),
    url: z.string().optional(),
    published: z.boolean(),
    description: z.string().optional(),
    variants: z.array(zProductVariant),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional(),
    created_at: zDateTime,
    updated_at: zDateTime
});

export const zProductEnvelope = z.object({
    meta: zMetaOk,
    data: zProduct
});

export const zProductCreatedEnvelope = z.object({
    meta: zMetaCreated,
    data: zProduct
});

/**
 * Status of a fulfillment. `shipping` fulfillments use `pending`, `processing`, `shipped`,
 * `canceled`; `pickup` ones `pending`, `processing`, `ready_for_pickup`, `picked_up`,
 * `canceled` (custom statuses, configured in AfterShip's admin, are not offered here).
 *
 */
export const zFulfillmentState = z.enum([
    'pending',
    'processing',
    'shipped',
    'ready_for_pickup',
    'picked_up',
    'canceled'
]);

export const zNextCourier = z.strictObject({
    slug: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    tracking_number: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' })
});

/**
 * A shipment of a fulfillment, as the "Ship fulfillment" and "Update fulfillment by ID" pages
 * have it (`tracking_number` and `ship_date` required), without `custom_fields`. The pages
 * set no bounds on the strings; 256 characters is a bound that protects the service.
 *
 */
export const zTracking = z.strictObject({
    tracking_number: z.string().min(1).refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }),
    slug: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    service_type: z.string().refine(s => s.length <= 256 || Array.from(s).length <= 256, { message: 'Must be at most 256 characters long.' }).optional(),
    ship_date: z.iso.date().regex(/^[0-9]{4}-[0-9]{2}-[0-9]{2}$/),
    next_couriers: z.array(zNextCourier).max(1).optional()
});

export const zFulfillmentLineItem = z.strictObject({
    source_id: zSourceId,
    quantity: z.int().gte(1).lte(1000000)
});

export const zFulfillmentCreate = z.strictObject({
    source_id: zSourceId.optional(),
    order_id: z.string().min(1).refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }),
    delivery_method: zDeliveryMethod,
    status: zFulfillmentState,
    line_items: z.array(zFulfillmentLineItem).min(1).max(100),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional(),
    ship_from_location: zShipLocation.optional(),
    ship_to_location: zShipLocation.optional(),
    pickup_location: zPickupLocationRef.optional(),
    pickup_info: zPickupInfo.optional(),
    trackings: z.array(zTracking).max(100).optional()
});

/**
 * The fields to change. An empty object changes nothing and returns the fulfillment as it is.
 */
export const zFulfillmentUpdate = z.strictObject({
    source_updated_at: zDateTime.optional(),
    pickup_info: zPickupInfo.optional(),
    trackings: z.array(zTracking).max(100).optional()
});

export const zFulfillmentStatusUpdate = z.strictObject({
    status: zFulfillmentState,
    occurred_at: zDateTime
});

export const zFulfillment = z.object({
    id: z.string(),
    source_id: z.string().optional(),
    store: zStoreRef,
    order_id: z.string(),
    delivery_method: zDeliveryMethod,
    status: zFulfillmentState,
    line_items: z.array(zFulfillmentLineItem),
    trackings: z.array(zTracking).optional(),
    ship_from_location: zShipLocation.optional(),
    ship_to_location: zShipLocation.optional(),
    pickup_location: zPickupLocation.optional(),
    pickup_info: zPickupInfo.optional(),
    source_created_at: zDateTime.optional(),
    source_updated_at: zDateTime.optional(),
    created_at: zDateTime,
    updated_at: zDateTime
});

export const zFulfillmentEnvelope = z.object({
    meta: zMetaOk,
    data: zFulfillment
});

export const zFulfillmentCreatedEnvelope = z.object({
    meta: zMetaCreated,
    data: zFulfillment
});

export const zFulfillmentListEnvelope = z.object({
    meta: zMetaOk,
    data: z.object({
        fulfillments: z.array(zFulfillment).max(50),
        pagination: zPagination,
        parameter_string: z.string()
    })
});

export const zErrorDetail = z.object({
    path: z.string(),
    info: z.string()
});

/**
 * The problems of the request, at most 100 (a bound that keeps an answer small whatever the
 * request: 130,000 unknown properties fit in a 1 MiB body). When there are more, the first
 * 100 are listed and `errors_omitted` counts the rest.
 *
 */
export const zErrorDetails = z.array(zErrorDetail).max(100);

/**
 * Number of problems found beyond the 100 listed in `errors`; absent when all are listed.
 */
export const zErrorsOmitted = z.int().gte(1);

export const zError400 = z.object({
    meta: z.object({
        code: z.union([z.literal(40000), z.literal(40001)]),
        type: z.enum(['BadRequest', 'MissingParameter']),
        message: z.string(),
        errors: zErrorDetails.optional(),
        errors_omitted: zErrorsOmitted.optional()
    }),
    data: z.null()
});

export const zError401 = z.object({
    meta: z.object({
        code: z.literal(40100),
        type: z.enum(['Unauthorized']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

export const zError404 = z.object({
    meta: z.object({
        code: z.literal(40400),
        type: z.enum(['NotFound']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

export const zError409 = z.object({
    meta: z.object({
        code: z.literal(40900),
        type: z.enum(['Conflict']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

export const zError412 = z.object({
    meta: z.object({
        code: z.union([z.literal(41201), z.literal(41204)]),
        type: z.enum(['PreconditionFailed']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

export const zError413 = z.object({
    meta: z.object({
        code: z.literal(41300),
        type: z.enum(['PayloadTooLarge']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

export const zError415 = z.object({
    meta: z.object({
        code: z.literal(41500),
        type: z.enum(['UnsupportedMediaType']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

export const zError422 = z.object({
    meta: z.object({
        code: z.literal(42200),
        type: z.enum(['UnprocessableEntity']),
        message: z.string(),
        errors: zErrorDetails,
        errors_omitted: zErrorsOmitted.optional()
    }),
    data: z.null()
});

export const zError429 = z.object({
    meta: z.object({
        code: z.literal(42900),
        type: z.enum(['TooManyRequests']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

export const zError500 = z.object({
    meta: z.object({
        code: z.literal(50000),
        type: z.enum(['InternalError']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

export const zError503 = z.object({
    meta: z.object({
        code: z.literal(50300),
        type: z.enum(['ServiceUnavailable']),
        message: z.string(),
        errors: zErrorDetails.optional()
    }),
    data: z.null()
});

/**
 * Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
 * characters (space to `~`), new for each new request, such as a UUID. The first successful
 * answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
 * with the same key and the same request; the same key with another request is
 * `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
 *
 */
export const zIdempotencyKey = z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/);

/**
 * Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
 * value that names no store of the caller's account is `412`/`41204`, whatever its length or
 * characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
 *
 */
export const zStoreId = z.string();

/**
 * Store identifier assigned by the service.
 */
export const zStorePathId = z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' });

/**
 * Location identifier assigned by the service.
 */
export const zLocationPathId = z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' });

/**
 * Order identifier assigned by the service.
 */
export const zOrderPathId = z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' });

/**
 * Product identifier assigned by the service.
 */
export const zProductPathId = z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' });

/**
 * Fulfillment identifier assigned by the service.
 */
export const zFulfillmentPathId = z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' });

/**
 * Page number, from 1.
 */
export const zPage = z.int().gte(1).lte(200).default(1);

/**
 * Page size.
 */
export const zLimit = z.int().gte(1).lte(50).default(10);

/**
 * Sort field, `-` descending or `+` ascending. Ties are broken by `id` in the same direction.
 * `+` may be written literally, as in `sort=+source_created_at`: under form decoding it
 * arrives as a space, and a value that starts with a space is read as starting with `+`.
 * `%2B` works as well.
 *
 */
export const zSort = z.enum([
    '-source_created_at',
    '+source_created_at',
    '-source_updated_at',
    '+source_updated_at'
]).default('-source_created_at');

/**
 * Only the orders (stores) whose `source_id` is one of these. Repeat the parameter for each value
 * (`source_ids[]=A-1&source_ids[]=A-2`). Each value is shorter than 32 characters and fewer
 * than 50 values are accepted, as the 2024-07 interface defines.
 *
 */
export const zSourceIds = z.array(z.string().min(1).refine(s => s.length <= 31 || Array.from(s).length <= 31, { message: 'Must be at most 31 characters long.' })).min(1).max(49);

export const zListStoresQuery = z.object({
    'source_ids[]': z.array(z.string().min(1).refine(s => s.length <= 31 || Array.from(s).length <= 31, { message: 'Must be at most 31 characters long.' })).min(1).max(49).optional(),
    page: z.int().gte(1).lte(200).optional().default(1),
    limit: z.int().gte(1).lte(50).optional().default(10)
});

/**
 * A page of stores.
 */
export const zListStoresResponse = zStoreListEnvelope;

export const zCreateStoreBody = zStoreCreate;

export const zCreateStoreHeaders = z.object({
    'idempotency-key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

/**
 * The store was created.
 */
export const zCreateStoreResponse = zStoreCreatedEnvelope;

export const zGetStorePath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The store.
 */
export const zGetStoreResponse = zStoreEnvelope;

export const zUpdateStoreBody = zStoreUpdate;

export const zUpdateStorePath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The store.
 */
export const zUpdateStoreResponse = zStoreEnvelope;

export const zListLocationsHeaders = z.object({
    'svc-store-id': z.string()
});

export const zListLocationsQuery = z.object({
    page: z.int().gte(1).lte(200).optional().default(1),
    limit: z.int().gte(1).lte(50).optional().default(10)
});

/**
 * A page of locations.
 */
export const zListLocationsResponse = zLocationListEnvelope;

export const zCreateLocationBody = zLocationCreate;

export const zCreateLocationHeaders = z.object({
    'svc-store-id': z.string(),
    'idempotency-key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

/**
 * The location was created.
 */
export const zCreateLocationResponse = zLocationCreatedEnvelope;

export const zGetLocationHeaders = z.object({
    'svc-store-id': z.string()
});

export const zGetLocationPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The location.
 */
export const zGetLocationResponse = zLocationEnvelope;

export const zListOrdersHeaders = z.object({
    'svc-store-id': z.string()
});

export const zListOrdersQuery = z.object({
    'source_ids[]': z.array(z.string().min(1).refine(s => s.length <= 31 || Array.from(s).length <= 31, { message: 'Must be at most 31 characters long.' })).min(1).max(49).optional(),
    page: z.int().gte(1).lte(200).optional().default(1),
    limit: z.int().gte(1).lte(50).optional().default(10),
    sort: z.enum([
        '-source_created_at',
        '+source_created_at',
        '-source_updated_at',
        '+source_updated_at'
    ]).optional().default('-source_created_at')
});

/**
 * A page of orders.
 */
export const zListOrdersResponse = zOrderListEnvelope;

export const zCreateOrderBody = zOrderCreate;

export const zCreateOrderHeaders = z.object({
    'svc-store-id': z.string(),
    'idempotency-key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

/**
 * The order was created.
 */
export const zCreateOrderResponse = zOrderCreatedEnvelope;

export const zGetOrderHeaders = z.object({
    'svc-store-id': z.string()
});

export const zGetOrderPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The order.
 */
export const zGetOrderResponse = zOrderEnvelope;

export const zUpdateOrderBody = zOrderUpdate;

export const zUpdateOrderHeaders = z.object({
    'svc-store-id': z.string()
});

export const zUpdateOrderPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The order.
 */
export const zUpdateOrderResponse = zOrderEnvelope;

export const zCreateProductBody = zProductCreate;

export const zCreateProductHeaders = z.object({
    'svc-store-id': z.string(),
    'idempotency-key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

/**
 * The product was created.
 */
export const zCreateProductResponse = zProductCreatedEnvelope;

export const zGetProductHeaders = z.object({
    'svc-store-id': z.string()
});

export const zGetProductPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The product.
 */
export const zGetProductResponse = zProductEnvelope;

export const zUpdateProductBody = zProductUpdate;

export const zUpdateProductHeaders = z.object({
    'svc-store-id': z.string()
});

export const zUpdateProductPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The product.
 */
export const zUpdateProductResponse = zProductEnvelope;

export const zListFulfillmentsHeaders = z.object({
    'svc-store-id': z.string()
});

export const zListFulfillmentsQuery = z.object({
    order_id: z.string().min(1).refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' }).optional(),
    source_order_id: z.string().min(1).refine(s => s.length <= 32 || Array.from(s).length <= 32, { message: 'Must be at most 32 characters long.' }).optional(),
    source_id: z.string().min(1).refine(s => s.length <= 32 || Array.from(s).length <= 32, { message: 'Must be at most 32 characters long.' }).optional(),
    'ids[]': z.array(z.string().min(1).refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })).min(1).max(50).optional(),
    page: z.int().gte(1).lte(200).optional().default(1),
    limit: z.int().gte(1).lte(50).optional().default(10)
});

/**
 * A page of fulfillments.
 */
export const zListFulfillmentsResponse = zFulfillmentListEnvelope;

export const zCreateFulfillmentBody = zFulfillmentCreate;

export const zCreateFulfillmentHeaders = z.object({
    'svc-store-id': z.string(),
    'idempotency-key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

/**
 * The fulfillment was created.
 */
export const zCreateFulfillmentResponse = zFulfillmentCreatedEnvelope;

export const zGetFulfillmentHeaders = z.object({
    'svc-store-id': z.string()
});

export const zGetFulfillmentPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The fulfillment.
 */
export const zGetFulfillmentResponse = zFulfillmentEnvelope;

export const zUpdateFulfillmentBody = zFulfillmentUpdate;

export const zUpdateFulfillmentHeaders = z.object({
    'svc-store-id': z.string()
});

export const zUpdateFulfillmentPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The fulfillment.
 */
export const zUpdateFulfillmentResponse = zFulfillmentEnvelope;

export const zUpdateFulfillmentStatusBody = zFulfillmentStatusUpdate;

export const zUpdateFulfillmentStatusHeaders = z.object({
    'svc-store-id': z.string(),
    'idempotency-key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

export const zUpdateFulfillmentStatusPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The fulfillment as changed.
 */
export const zUpdateFulfillmentStatusResponse = zFulfillmentEnvelope;

export const zShipFulfillmentBody = z.array(zTracking).max(100);

export const zShipFulfillmentHeaders = z.object({
    'svc-store-id': z.string(),
    'idempotency-key': z.string().min(1).refine(s => s.length <= 255 || Array.from(s).length <= 255, { message: 'Must be at most 255 characters long.' }).regex(/^[ -~]*$/).optional()
});

export const zShipFulfillmentPath = z.object({
    id: z.string().refine(s => s.length <= 64 || Array.from(s).length <= 64, { message: 'Must be at most 64 characters long.' })
});

/**
 * The fulfillment as changed.
 */
export const zShipFulfillmentResponse = zFulfillmentEnvelope;
