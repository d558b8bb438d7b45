// Generated from openapi/orders.yaml by `npm run generate`. Do not edit by hand.

export type paths = {
    "/stores": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List stores
         * @description Lists the stores of the caller's account, oldest first (ties broken by `id`), optionally
         *     only those with the `source_ids[]` sent, as the 2024-07 list of stores filters them.
         *     `parameter_string` echoes `page`, `limit`, then each `source_ids[]` as sent
         *     (`page=1&limit=10&source_ids[]=shop-eu-1`).
         */
        get: operations["listStores"];
        put?: never;
        /**
         * Create a store
         * @description Creates a store in the caller's account. `source_id` is unique per account.
         */
        post: operations["createStore"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/stores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Store identifier assigned by the service.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                id: components["parameters"]["StorePathId"];
            };
            cookie?: never;
        };
        /** Get a store */
        get: operations["getStore"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a store
         * @description Changes the fields that are sent; fields that are not sent keep their value.
         */
        patch: operations["updateStore"];
        trace?: never;
    };
    "/locations": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path?: never;
            cookie?: never;
        };
        /**
         * List pickup locations
         * @description Lists the locations of the store, oldest first (ties broken by `id`).
         */
        get: operations["listLocations"];
        put?: never;
        /**
         * Create a pickup location
         * @description Creates an address/warehouse record in the store. `source_id`, when sent, is unique per store.
         */
        post: operations["createLocation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/locations/{id}": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Location identifier assigned by the service.
                 * @example loc_0ly2owe80b1d1b00695fe16f678c5
                 */
                id: components["parameters"]["LocationPathId"];
            };
            cookie?: never;
        };
        /** Get a pickup location */
        get: operations["getLocation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path?: never;
            cookie?: never;
        };
        /**
         * List orders
         * @description Lists the orders of the store in a total order: the `sort` field, then `id` in the same
         *     direction, so that paging never repeats or skips an order while the data does not change.
         *     Orders without the sort field come last in descending and first in ascending order.
         *     Times are compared as instants, whatever offset they were sent with.
         *
         *     `has_next_page` is true only when page `page + 1` exists (`page` below 200) and holds at
         *     least one order. Past page 200, narrow the list with `source_ids[]`.
         *
         *     `parameter_string` echoes the effective parameters in query form, defaults included, in
         *     this fixed order: `page`, `limit`, `sort`, then each `source_ids[]` as sent
         *     (for example `page=1&limit=10&sort=-source_created_at&source_ids[]=A-1`). Values are
         *     percent-encoded as by `encodeURIComponent`.
         */
        get: operations["listOrders"];
        put?: never;
        /**
         * Create an order
         * @description Creates an order in the store named by `svc-store-id`.
         *
         *     Rules beyond the schema, each answered with `422`/`42200` and the path named:
         *     - `discount_total`, when sent, equals the sum of the items' `discount` (missing counts as 0),
         *       compared as decimals (`discount_total`).
         *     - `pickup_location.location_id` names a location of the same store
         *       (`pickup_location.location_id`). A `pickup` order may omit `pickup_location`; a
         *       `shipping` order may not carry `pickup_location` or `pickup_info`.
         *
         *     A `source_id` that already exists in the store is `409`/`40900`.
         */
        post: operations["createOrder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/orders/{id}": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Order identifier assigned by the service.
                 * @example ord_0ly2owe804035043cdcd8333a45ed
                 */
                id: components["parameters"]["OrderPathId"];
            };
            cookie?: never;
        };
        /**
         * Get an order
         * @description Returns one order of the store named by `svc-store-id`.
         */
        get: operations["getOrder"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an order
         * @description Changes the fields that are sent; fields that are not sent keep their value. Arrays
         *     (`tags`) and objects (`customer`, addresses) are replaced whole. Any status may change to
         *     any allowed value: the service records states, it does not enforce a workflow.
         */
        patch: operations["updateOrder"];
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a product
         * @description Creates a product with its variants in the store named by `svc-store-id`, as the 2024-07
         *     interface's "Create a product" takes it (`/docs/commerce/2024-07/j3pzfhenf72sv-create-a-product`):
         *     `source_id`, `title`, `image_urls` and `variants` required, each variant with `source_id`,
         *     `sku`, `title` and `price`.
         *
         *     Rules beyond the schema, answered with `422`/`42200` and the path named: the variants of a
         *     product have distinct `source_id`s (`variants[1].source_id`).
         *
         *     A `source_id` that already exists in the store is `409`/`40900` (2024-07 refuses a create
         *     with an existing id; there is no upsert).
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Product identifier assigned by the service.
                 * @example prd_0ly2owe80c5d863e582048f11f52d
                 */
                id: components["parameters"]["ProductPathId"];
            };
            cookie?: never;
        };
        /**
         * Get a product
         * @description Returns one product of the store named by `svc-store-id`.
         */
        get: operations["getProduct"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a product
         * @description Changes the fields that are sent; fields that are not sent keep their value. Arrays
         *     (`categories`, `tags`, `image_urls`) are replaced whole, and so is `variants` (as the
         *     "Update product by ID" page says: variants not in the array are removed), with the same
         *     rules as on create. `source_id` cannot be changed. An empty object changes nothing.
         */
        patch: operations["updateProduct"];
        trace?: never;
    };
    "/fulfillments": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path?: never;
            cookie?: never;
        };
        /**
         * List fulfillments
         * @description Lists the fulfillments of the store, oldest first (ties broken by `id`), filtered by
         *     every filter sent, as the 2024-07 "Get fulfillments" page has them
         *     (`/docs/commerce/2024-07/6dafeb354dd2b-get-fulfillments`).
         *
         *     `parameter_string` echoes the effective parameters in this fixed order: `page`, `limit`,
         *     `order_id`, `source_order_id`, `source_id`, then each `ids[]` as sent, values
         *     percent-encoded as by `encodeURIComponent`.
         */
        get: operations["listFulfillments"];
        put?: never;
        /**
         * Create a fulfillment
         * @description Creates a shipping or pickup fulfillment of an order of the store, as the 2024-07
         *     "Create a fulfillment" page takes it (field names of 2024-07: line items name order items
         *     by `source_id`).
         *
         *     Rules beyond the schema, each answered with `422`/`42200` and the path named (the rules
         *     on the body alone first, all of them in one answer; then those that need the order):
         *     - `order_id` names an order of the same store (`order_id`).
         *     - `status` is one the delivery method allows (`status`): `shipping`: `pending`,
         *       `processing`, `shipped`, `canceled`; `pickup`: `pending`, `processing`,
         *       `ready_for_pickup`, `picked_up`, `canceled`.
         *     - A `pickup` fulfillment names `pickup_location` (mandatory, as the page says), a location
         *       of the same store (`pickup_location.location_id`); a `shipping` one may not carry
         *       `pickup_location` or `pickup_info`, and a `pickup` one may not carry `trackings`.
         *     - `ship_from_location` and `ship_to_location` each give exactly one of `location_id` and
         *       `address` (the field), and a `location_id` names a location of the same store
         *       (`ship_from_location.location_id`).
         *     - Each line item names an item of the order by its `source_id`
         *       (`line_items[0].source_id`), at most once per fulfillment, and the units of an item in
         *       the order's fulfillments that are not `canceled` never exceed its `quantity`
         *       (`line_items[0].quantity`). This is decided in the transaction that writes the
         *       fulfillment, with the order locked: two fulfillments that together exceed an item
         *       cannot both be accepted.
         *
         *     A `source_id` that already exists in the store is `409`/`40900`.
         *
         *     The order's `fulfillment_status` is not changed by its fulfillments: the 2024-07 pages do
         *     not document that it follows them, so it stays as the client set it (`PATCH /orders/{id}`).
         */
        post: operations["createFulfillment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fulfillments/{id}": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Fulfillment identifier assigned by the service.
                 * @example ful_0ly2owe807e96197260b8e7d336c8
                 */
                id: components["parameters"]["FulfillmentPathId"];
            };
            cookie?: never;
        };
        /** Get a fulfillment */
        get: operations["getFulfillment"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a fulfillment
         * @description Changes the fields that are sent, as the "Update fulfillment by ID" page has them:
         *     `trackings`, when sent, replaces every tracking (an empty array deletes them; only on a
         *     `shipping` fulfillment, else `422` at `trackings`); `pickup_info` only on a `pickup`
         *     fulfillment (`422` at `pickup_info` otherwise). Status moves go through
         *     `update-status` and `ship`. An empty object changes nothing.
         */
        patch: operations["updateFulfillment"];
        trace?: never;
    };
    "/fulfillments/{id}/update-status": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Fulfillment identifier assigned by the service.
                 * @example ful_0ly2owe807e96197260b8e7d336c8
                 */
                id: components["parameters"]["FulfillmentPathId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Update the status of a fulfillment
         * @description Moves a fulfillment's status forward, in the order the "Update fulfillment status" page
         *     gives for its delivery method: `shipping`: `pending` → `processing` → `shipped` →
         *     `canceled`; `pickup`: `pending` → `processing` → `ready_for_pickup` → `picked_up` →
         *     `canceled`. A step may be skipped; a move to the same or an earlier status, or to a
         *     status of the other delivery method, is refused with `422`/`42200` at `status` (the page
         *     says a reverse move is not permitted without naming its code). Moves are decided under
         *     the fulfillment's lock: of two moves sent at once from the same status, the later one is
         *     judged against the status the first one left.
         *
         *     `occurred_at` is required and checked, as on the page, but not stored: the 2024-07
         *     Fulfillment has no field for it (`status_timestamps` appear in later versions only).
         */
        post: operations["updateFulfillmentStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/fulfillments/{id}/ship": {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Fulfillment identifier assigned by the service.
                 * @example ful_0ly2owe807e96197260b8e7d336c8
                 */
                id: components["parameters"]["FulfillmentPathId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ship a fulfillment
         * @description Sets a `shipping` fulfillment's status to `shipped` at once, as the "Ship fulfillment" page
         *     has it; the body is an array of trackings (possibly empty) that, when not empty, replaces
         *     the fulfillment's trackings. A `pickup` fulfillment is refused (`422` at `path.id`), and so
         *     is one already `shipped` or `canceled` (`422` at `status`: statuses move only forward).
         *     (The operation exists in 2024-07 and was removed in 2026-01.)
         */
        post: operations["shipFulfillment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = Record<string, never>;
export type components = {
    schemas: {
        /**
         * @description A non-negative decimal amount, such as `12.50`.
         * @example 12.50
         */
        Amount: string;
        /**
         * @description ISO 4217 currency code.
         * @example EUR
         */
        Currency: string;
        /**
         * @description ISO 3166-1 alpha-3 country or region code (`USA`, `HKG`, `PRT`), upper case, as the
         *     2024-07 interface defines it; stored and answered exactly as sent.
         * @example USA
         */
        CountryRegion: string;
        /**
         * @description An e-mail address as the client holds it. No address syntax is checked (the 2024-07
         *     interface applies none); at most 320 characters, a bound that protects the service
         *     (64 + 1 + 255, the longest address mail systems carry).
         * @example ada@example.com
         */
        Email: string;
        /**
         * Format: date-time
         * @description An RFC 3339 date-time (`format: date-time`) in the one form the service accepts, which the
         *     pattern states: `YYYY-MM-DDThh:mm:ss`, optional fractional seconds, then `Z` or `±hh:mm`;
         *     upper-case `T` and `Z`, seconds required, no leap second (`:60`), a real calendar date
         *     (`2024-02-30` is refused). A validator that applies both the format and the pattern
         *     accepts exactly what the server accepts.
         * @example 2024-07-01T09:30:00Z
         */
        DateTime: string;
        /** @description Identifier in the caller's own system. */
        SourceId: string;
        /** @enum {string} */
        OrderStatus: "open" | "closed" | "canceled";
        /**
         * @description Payment state of the order. `null` (no payment state known) is accepted and answered back as sent, as in the 2024-07 interface.
         * @enum {string|null}
         */
        FinancialStatus: "partially_paid" | "paid" | "partially_refunded" | "refunded" | "unpaid" | null;
        /**
         * @description Fulfillment state of the order. `null` is accepted and answered back as sent, as in the 2024-07 interface.
         * @enum {string|null}
         */
        FulfillmentStatus: "unfulfilled" | "partially_fulfilled" | "fulfilled" | null;
        /**
         * @description `shipping` for orders shipped to the buyer; `pickup` for buy-online-pick-up-in-store orders.
         * @enum {string}
         */
        DeliveryMethod: "shipping" | "pickup";
        Tags: string[];
        Coordinate: {
            latitude: number;
            longitude: number;
        };
        /** @description A postal address. Every field is optional on orders; `coordinate` is filled on a pickup location's address. */
        Address: {
            /** @enum {string} */
            type?: "business" | "residential";
            street_1?: string;
            /** @description Second line of the street. `null` is accepted and answered back as sent, as in the 2024-07 interface. */
            street_2?: string | null;
            /** @description Third line of the street. `null` is accepted and answered back as sent, as in the 2024-07 interface. */
            street_3?: string | null;
            city?: string;
            state?: string;
            postal_code?: string;
            country_region?: components["schemas"]["CountryRegion"];
            company?: string;
            first_name?: string;
            last_name?: string;
            email?: components["schemas"]["Email"];
            /** @description Phone number as the client writes it (no format is imposed), up to 256 characters as in the 2024-07 interface. */
            phone?: string;
            coordinate?: components["schemas"]["Coordinate"];
        };
        /**
         * @description The address of a pickup location, as AfterShip's 2024-07 Location model has it: `street_1`,
         *     `state` and `country_region` are required, the rest optional (`coordinate` included). Until
         *     this correction `city` and `coordinate` were required and `state` was not (docs/changelog.md);
         *     locations stored then read as they were (`LocationAddressStored`).
         */
        LocationAddress: {
            /** @enum {string} */
            type?: "business" | "residential";
            street_1: string;
            /** @description Second line of the street. `null` is accepted and answered back as sent, as in the 2024-07 interface. */
            street_2?: string | null;
            /** @description Third line of the street. `null` is accepted and answered back as sent, as in the 2024-07 interface. */
            street_3?: string | null;
            city?: string;
            state: string;
            postal_code?: string;
            country_region: components["schemas"]["CountryRegion"];
            company?: string;
            first_name?: string;
            last_name?: string;
            email?: components["schemas"]["Email"];
            /** @description Phone number as the client writes it (no format is imposed), up to 256 characters as in the 2024-07 interface. */
            phone?: string;
            coordinate?: components["schemas"]["Coordinate"];
        };
        /**
         * @description A pickup location's address as answered: what `LocationAddress` takes now, or what it took
         *     before the 2024-07 correction (`street_1`, `city`, `country_region` and `coordinate`), so
         *     `street_1` and `country_region` are always there.
         */
        LocationAddressStored: {
            /** @enum {string} */
            type?: "business" | "residential";
            street_1: string;
            /** @description Second line of the street. `null` is accepted and answered back as sent, as in the 2024-07 interface. */
            street_2?: string | null;
            /** @description Third line of the street. `null` is accepted and answered back as sent, as in the 2024-07 interface. */
            street_3?: string | null;
            city?: string;
            state?: string;
            postal_code?: string;
            country_region: components["schemas"]["CountryRegion"];
            company?: string;
            first_name?: string;
            last_name?: string;
            email?: components["schemas"]["Email"];
            /** @description Phone number as the client writes it (no format is imposed), up to 256 characters as in the 2024-07 interface. */
            phone?: string;
            coordinate?: components["schemas"]["Coordinate"];
        };
        Customer: {
            source_id?: components["schemas"]["SourceId"];
            first_name?: string;
            last_name?: string;
            /** @description Up to 100 e-mail addresses, as in the 2024-07 interface. */
            emails?: components["schemas"]["Email"][];
            /**
             * @description The customer's locale as the client writes it (`en-US`, `en_US`, `zh-Hant-HK`): at most
             *     128 characters and no pattern, as the 2024-07 "Update order by ID" page has it; stored
             *     and answered as sent.
             * @example en_US
             */
            locale?: string;
            /**
             * @description Up to 100 phone numbers, as in the 2024-07 interface. Each is a non-empty string of at
             *     most 256 characters (the same bound as an address `phone`); no format is imposed.
             */
            phones?: string[];
        };
        Weight: {
            /** @enum {string} */
            unit: "g" | "kg" | "oz" | "lb";
            value: number;
        };
        Money: {
            currency: components["schemas"]["Currency"];
            amount: components["schemas"]["Amount"];
        };
        /**
         * @description A line of an order. `quantity` is required; on a create `source_id` is too
         *     (OrderItemCreate). In answers `source_id` is absent only on items of orders created before
         *     that correction.
         */
        OrderItem: {
            source_id?: components["schemas"]["SourceId"];
            sku?: string;
            quantity: number;
            unit_weight?: components["schemas"]["Weight"];
            unit_price?: components["schemas"]["Money"];
            /** @description Up to 1024 characters, as in the 2024-07 interface. */
            product_title?: string;
            /** @description Up to 1024 characters, as in the 2024-07 interface. */
            product_variant_title?: string;
            discount?: components["schemas"]["Amount"];
            tax?: components["schemas"]["Amount"];
            fulfillable_quantity?: number;
            source_product_id?: string;
            source_variant_id?: string;
            /**
             * @description Harmonized System code as the client writes it (`6109`, `6109.10`, `6109 10 00`): any
             *     string of at most 256 characters; no pattern is imposed, as in the 2024-07 interface.
             * @example 6109.10
             */
            hs_code?: string;
            origin_country_region?: components["schemas"]["CountryRegion"];
            /** @description Up to 100 image URLs, as in the 2024-07 interface; each an absolute URL of at most 2048 characters (a bound that protects the service). */
            image_urls?: string[];
            product_tags?: components["schemas"]["Tags"];
            product_categories?: components["schemas"]["Tags"];
            returnable_quantity?: number;
        };
        /**
         * @description An item as a create sends it: an OrderItem whose `source_id` (at most 32 characters) is
         *     required, as the 2024-07 Order model has it (a correction: this contract first had it
         *     optional). Orders stored before the correction keep answering items without one.
         */
        OrderItemCreate: {
            source_id: components["schemas"]["SourceId"];
            sku?: string;
            quantity: number;
            unit_weight?: components["schemas"]["Weight"];
            unit_price?: components["schemas"]["Money"];
            /** @description Up to 1024 characters, as in the 2024-07 interface. */
            product_title?: string;
            /** @description Up to 1024 characters, as in the 2024-07 interface. */
            product_variant_title?: string;
            discount?: components["schemas"]["Amount"];
            tax?: components["schemas"]["Amount"];
            fulfillable_quantity?: number;
            source_product_id?: string;
            source_variant_id?: string;
            /**
             * @description Harmonized System code as the client writes it (`6109`, `6109.10`, `6109 10 00`): any
             *     string of at most 256 characters; no pattern is imposed, as in the 2024-07 interface.
             * @example 6109.10
             */
            hs_code?: string;
            origin_country_region?: components["schemas"]["CountryRegion"];
            /** @description Up to 100 image URLs, as in the 2024-07 interface; each an absolute URL of at most 2048 characters (a bound that protects the service). */
            image_urls?: string[];
            product_tags?: components["schemas"]["Tags"];
            product_categories?: components["schemas"]["Tags"];
            returnable_quantity?: number;
        };
        /**
         * @description Opening hours of one day. On an open day `from` and `to` are both sent: both `HH:MM`, or
         *     both `null` for a day open 24 hours (as the 2024-07 interface writes it); one `null` and
         *     one time is refused (`422`). A missing `from` or `to` on an open day is `422` too.
         */
        DayHours: {
            open: boolean;
            /** @example 09:00 */
            from?: string | null;
            /** @example 18:00 */
            to?: string | null;
        };
        OpeningHours: {
            sunday: components["schemas"]["DayHours"];
            monday: components["schemas"]["DayHours"];
            tuesday: components["schemas"]["DayHours"];
            wednesday: components["schemas"]["DayHours"];
            thursday: components["schemas"]["DayHours"];
            friday: components["schemas"]["DayHours"];
            saturday: components["schemas"]["DayHours"];
        };
        /**
         * @description Where a fulfillment ships from or to, as the 2024-07 fulfillment has `ship_from_location` and
         *     `ship_to_location`: either `location_id` (a location of the same store: this service's
         *     locations stand for AfterShip's admin locations) or `address`, exactly one of them (`422` at
         *     the field otherwise). It is answered as sent (a `location_id` is not expanded, unlike
         *     `pickup_location`).
         */
        ShipLocation: {
            /** @description Identifier of a location of the same store (from `createLocation`). */
            location_id?: string;
            address?: components["schemas"]["ShipAddress"];
        };
        /** @description The address of a ship-from or ship-to location, as AfterShip's Location model has it ("street_1", "state" and "country_region" required). */
        ShipAddress: {
            /** @enum {string} */
            type?: "business" | "residential";
            street_1: string;
            street_2?: string | null;
            street_3?: string | null;
            city?: string;
            state: string;
            postal_code?: string;
            country_region: components["schemas"]["CountryRegion"];
            company?: string;
            first_name?: string;
            last_name?: string;
            email?: components["schemas"]["Email"];
            phone?: string;
        };
        PickupLocationRef: {
            /** @description Identifier of a location of the same store (from `createLocation`). */
            location_id: string;
        };
        /** @description The pickup location, expanded from the stored location record. */
        PickupLocation: {
            location_id: string;
            address: components["schemas"]["LocationAddressStored"];
            opening_hours: components["schemas"]["OpeningHours"];
        };
        PickupWindow: {
            min: components["schemas"]["DateTime"];
            max: components["schemas"]["DateTime"];
        };
        PickupInfo: {
            instructions?: string;
            estimated_ready_for_pickup_at?: components["schemas"]["PickupWindow"];
            pickup_deadline_at?: components["schemas"]["DateTime"];
        };
        OrderCreate: {
            source_id: components["schemas"]["SourceId"];
            name?: string;
            number: string;
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["OrderStatus"];
            financial_status?: components["schemas"]["FinancialStatus"];
            fulfillment_status?: components["schemas"]["FulfillmentStatus"];
            order_total: components["schemas"]["Amount"];
            /** @description Shipping fee of the order. */
            shipping_total?: components["schemas"]["Amount"];
            /** @description Sum of all taxes. */
            tax_total?: components["schemas"]["Amount"];
            /** @description Must equal the sum of the items' `discount`. */
            discount_total?: components["schemas"]["Amount"];
            /** @description Price after discounts, before shipping and taxes. */
            subtotal?: components["schemas"]["Amount"];
            items: components["schemas"]["OrderItemCreate"][];
            note?: string;
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
            customer?: components["schemas"]["Customer"];
            shipping_address?: components["schemas"]["Address"];
            billing_address?: components["schemas"]["Address"];
            tags?: components["schemas"]["Tags"];
            shipping_method?: string;
            delivery_method: components["schemas"]["DeliveryMethod"];
            /** @description Only for delivery_method `pickup`. */
            pickup_location?: components["schemas"]["PickupLocationRef"];
            /** @description Only for delivery_method `pickup`. */
            pickup_info?: components["schemas"]["PickupInfo"];
        };
        /** @description The fields to change. An empty object changes nothing and returns the order as it is. */
        OrderUpdate: {
            note?: string;
            tags?: components["schemas"]["Tags"];
            shipping_address?: components["schemas"]["Address"];
            billing_address?: components["schemas"]["Address"];
            customer?: components["schemas"]["Customer"];
            status?: components["schemas"]["OrderStatus"];
            financial_status?: components["schemas"]["FinancialStatus"];
            fulfillment_status?: components["schemas"]["FulfillmentStatus"];
            source_updated_at?: components["schemas"]["DateTime"];
        };
        StoreRef: {
            id: string;
        };
        Order: {
            id: string;
            source_id: string;
            store: components["schemas"]["StoreRef"];
            name?: string;
            number: string;
            currency: components["schemas"]["Currency"];
            status: components["schemas"]["OrderStatus"];
            financial_status?: components["schemas"]["FinancialStatus"];
            fulfillment_status?: components["schemas"]["FulfillmentStatus"];
            order_total: components["schemas"]["Amount"];
            shipping_total?: components["schemas"]["Amount"];
            tax_total?: components["schemas"]["Amount"];
            discount_total?: components["schemas"]["Amount"];
            subtotal?: components["schemas"]["Amount"];
            items: components["schemas"]["OrderItem"][];
            note?: string;
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
            created_at: components["schemas"]["DateTime"];
            updated_at: components["schemas"]["DateTime"];
            customer?: components["schemas"]["Customer"];
            shipping_address?: components["schemas"]["Address"];
            billing_address?: components["schemas"]["Address"];
            tags: components["schemas"]["Tags"];
            shipping_method?: string;
            delivery_method: components["schemas"]["DeliveryMethod"];
            pickup_location?: components["schemas"]["PickupLocation"];
            pickup_info?: components["schemas"]["PickupInfo"];
        };
        /** @description The physical address of the store, as the 2024-07 interface writes it. Every field is optional. */
        StoreAddress: {
            street_1?: string;
            street_2?: string | null;
            street_3?: string | null;
            city?: string;
            state?: string;
            postal_code?: string;
            country_region?: components["schemas"]["CountryRegion"];
            coordinate?: components["schemas"]["Coordinate"];
        };
        /**
         * @description A store as the 2024-07 interface's "Create a store" takes it: `source_id`, `name` and
         *     `currency` required, every other field optional, with that interface's field names.
         */
        StoreCreate: {
            source_id: components["schemas"]["SourceId"];
            name: string;
            currency: components["schemas"]["Currency"];
            /** @description Support e-mail address of the store (2024-07 name). No address syntax is checked. */
            support_email?: components["schemas"]["Email"];
            /** @description E-mail address of the store's owner (2024-07 name; this contract's earlier `email`). */
            owner_email?: components["schemas"]["Email"];
            /** @description Phone number of the store, up to 256 characters as in the 2024-07 interface (E.164 such as `+11234567890` is usual; no format is imposed). */
            phone?: string;
            /**
             * Format: uri
             * @description URL of the store (2024-07 name; this contract's earlier `website_url`), an absolute URL of at most 2048 characters.
             */
            url?: string;
            /**
             * @description IANA time zone name (`America/New_York`, `Etc/GMT+5`, `EST5EDT`), the 2024-07 name of this
             *     contract's earlier `timezone`; up to 256 characters as in that interface.
             */
            timezone_identifier?: string;
            /** @description Unit of weight the store uses, such as `lb` or `kg` (free text up to 64 characters, as in the 2024-07 interface). */
            weight_unit?: string;
            /** @description Text description of the store. */
            description?: string;
            /** @description Product categories of the store, at most 100. */
            categories?: string[];
            address?: components["schemas"]["StoreAddress"];
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
        };
        /** @description The fields to change. An empty object changes nothing and returns the store as it is. */
        StoreUpdate: {
            source_id?: components["schemas"]["SourceId"];
            name?: string;
            currency?: components["schemas"]["Currency"];
            /** @description Support e-mail address of the store (2024-07 name). No address syntax is checked. */
            support_email?: components["schemas"]["Email"];
            /** @description E-mail address of the store's owner (2024-07 name; this contract's earlier `email`). */
            owner_email?: components["schemas"]["Email"];
            /** @description Phone number of the store, up to 256 characters as in the 2024-07 interface (E.164 such as `+11234567890` is usual; no format is imposed). */
            phone?: string;
            /**
             * Format: uri
             * @description URL of the store (2024-07 name; this contract's earlier `website_url`), an absolute URL of at most 2048 characters.
             */
            url?: string;
            /**
             * @description IANA time zone name (`America/New_York`, `Etc/GMT+5`, `EST5EDT`), the 2024-07 name of this
             *     contract's earlier `timezone`; up to 256 characters as in that interface.
             */
            timezone_identifier?: string;
            /** @description Unit of weight the store uses, such as `lb` or `kg` (free text up to 64 characters, as in the 2024-07 interface). */
            weight_unit?: string;
            /** @description Text description of the store. */
            description?: string;
            /** @description Product categories of the store, at most 100. */
            categories?: string[];
            address?: components["schemas"]["StoreAddress"];
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
        };
        Store: {
            id: string;
            source_id: string;
            name: string;
            currency: components["schemas"]["Currency"];
            /** @description Support e-mail address of the store (2024-07 name). No address syntax is checked. */
            support_email?: components["schemas"]["Email"];
            /** @description E-mail address of the store's owner (2024-07 name; this contract's earlier `email`). */
            owner_email?: components["schemas"]["Email"];
            /** @description Phone number of the store, up to 256 characters as in the 2024-07 interface (E.164 such as `+11234567890` is usual; no format is imposed). */
            phone?: string;
            /**
             * Format: uri
             * @description URL of the store (2024-07 name; this contract's earlier `website_url`), an absolute URL of at most 2048 characters.
             */
            url?: string;
            /**
             * @description IANA time zone name (`America/New_York`, `Etc/GMT+5`, `EST5EDT`), the 2024-07 name of this
             *     contract's earlier `timezone`; up to 256 characters as in that interface.
             */
            timezone_identifier?: string;
            /** @description Unit of weight the store uses, such as `lb` or `kg` (free text up to 64 characters, as in the 2024-07 interface). */
            weight_unit?: string;
            /** @description Text description of the store. */
            description?: string;
            /** @description Product categories of the store, at most 100. */
            categories?: string[];
            address?: components["schemas"]["StoreAddress"];
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
            created_at: components["schemas"]["DateTime"];
            updated_at: components["schemas"]["DateTime"];
        };
        LocationCreate: {
            source_id?: components["schemas"]["SourceId"];
            name: string;
            address: components["schemas"]["LocationAddress"];
            opening_hours: components["schemas"]["OpeningHours"];
        };
        Location: {
            id: string;
            store: components["schemas"]["StoreRef"];
            source_id?: string;
            name: string;
            address: components["schemas"]["LocationAddressStored"];
            opening_hours: components["schemas"]["OpeningHours"];
            created_at: components["schemas"]["DateTime"];
            updated_at: components["schemas"]["DateTime"];
        };
        Pagination: {
            page: number;
            limit: number;
            has_next_page: boolean;
        };
        MetaOk: {
            /** @enum {integer} */
            code: 20000;
            /** @enum {string} */
            type: "OK";
            message: string;
        };
        MetaCreated: {
            /** @enum {integer} */
            code: 20100;
            /** @enum {string} */
            type: "Created";
            message: string;
        };
        StoreEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: components["schemas"]["Store"];
        };
        StoreCreatedEnvelope: {
            meta: components["schemas"]["MetaCreated"];
            data: components["schemas"]["Store"];
        };
        StoreListEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: {
                stores: components["schemas"]["Store"][];
                pagination: components["schemas"]["Pagination"];
                /** @description The effective parameters: `page=P&limit=L`, then each `source_ids[]` sent. */
                parameter_string: string;
            };
        };
        LocationEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: components["schemas"]["Location"];
        };
        LocationCreatedEnvelope: {
            meta: components["schemas"]["MetaCreated"];
            data: components["schemas"]["Location"];
        };
        LocationListEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: {
                locations: components["schemas"]["Location"][];
                pagination: components["schemas"]["Pagination"];
                /** @description The effective parameters: `page=P&limit=L`. */
                parameter_string: string;
            };
        };
        OrderEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: components["schemas"]["Order"];
        };
        OrderCreatedEnvelope: {
            meta: components["schemas"]["MetaCreated"];
            data: components["schemas"]["Order"];
        };
        OrderListEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: {
                orders: components["schemas"]["Order"][];
                pagination: components["schemas"]["Pagination"];
                /** @description The effective parameters, in the fixed order `page`, `limit`, `sort`, `source_ids[]`. */
                parameter_string: string;
            };
        };
        /**
         * @description A custom property of a variant (`Size`, `Color`, `Material`) and its value. The 2024-07
         *     page names the property without bounds; 256 characters each is a bound that protects the
         *     service.
         */
        VariantOption: {
            /** @example Color */
            name: string;
            /** @example Black */
            value: string;
        };
        /** @description A variant of a product, as the 2024-07 "Create a product" page has it. */
        ProductVariant: {
            source_id: components["schemas"]["SourceId"];
            /**
             * @description Units available. The 2024-07 page sets no bound; a 32-bit integer is a bound that
             *     protects the service (negative for a backorder).
             */
            available_quantity?: number;
            /** @description Up to 256 characters, as the 2024-07 create page has it. */
            sku: string;
            title: string;
            /**
             * @description Price of the variant, a decimal string of at most 100 characters. The 2024-07 page types
             *     it as a string of at most 100 characters; this service, as for every amount, takes only
             *     decimals (`10`, `10.99`).
             */
            price: components["schemas"]["Amount"];
            image_urls?: string[];
            /** @description The price before an adjustment or a sale (at most 100 characters, as the 2024-07 model page has it). */
            compare_at_price?: components["schemas"]["Amount"];
            weight?: components["schemas"]["Weight"];
            allow_backorder?: boolean;
            /** @description At least one when sent, as in the 2024-07 model; at most 100, a bound that protects the service. */
            options?: components["schemas"]["VariantOption"][];
        };
        /** @description A product as the 2024-07 "Create a product" page takes it. */
        ProductCreate: {
            source_id: components["schemas"]["SourceId"];
            title: string;
            slug?: string;
            categories?: components["schemas"]["Tags"];
            tags?: components["schemas"]["Tags"];
            /** @description Up to 100 image URLs (required, possibly empty, as in the 2024-07 interface). */
            image_urls: string[];
            /** Format: uri */
            url?: string;
            /** @description Whether the product is published; `true` when not sent, as in the 2024-07 interface. */
            published?: boolean;
            description?: string;
            variants: components["schemas"]["ProductVariant"][];
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
        };
        /** @description The fields to change. An empty object changes nothing and returns the product as it is. */
        ProductUpdate: {
            title?: string;
            slug?: string;
            categories?: components["schemas"]["Tags"];
            tags?: components["schemas"]["Tags"];
            image_urls?: string[];
            /** Format: uri */
            url?: string;
            published?: boolean;
            description?: string;
            /** @description Replaces every variant of the product. */
            variants?: components["schemas"]["ProductVariant"][];
            source_updated_at?: components["schemas"]["DateTime"];
        };
        Product: {
            id: string;
            source_id: string;
            store: components["schemas"]["StoreRef"];
            title: string;
            slug?: string;
            categories?: components["schemas"]["Tags"];
            tags?: components["schemas"]["Tags"];
            image_urls: string[];
            url?: string;
            published: boolean;
            description?: string;
            variants: components["schemas"]["ProductVariant"][];
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
            created_at: components["schemas"]["DateTime"];
            updated_at: components["schemas"]["DateTime"];
        };
        ProductEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: components["schemas"]["Product"];
        };
        ProductCreatedEnvelope: {
            meta: components["schemas"]["MetaCreated"];
            data: components["schemas"]["Product"];
        };
        /**
         * @description Status of a fulfillment. `shipping` fulfillments use `pending`, `processing`, `shipped`,
         *     `canceled`; `pickup` ones `pending`, `processing`, `ready_for_pickup`, `picked_up`,
         *     `canceled` (custom statuses, configured in AfterShip's admin, are not offered here).
         * @enum {string}
         */
        FulfillmentState: "pending" | "processing" | "shipped" | "ready_for_pickup" | "picked_up" | "canceled";
        NextCourier: {
            /** @example usps */
            slug: string;
            /** @example 123456789 */
            tracking_number: string;
        };
        /**
         * @description A shipment of a fulfillment, as the "Ship fulfillment" and "Update fulfillment by ID" pages
         *     have it (`tracking_number` and `ship_date` required), without `custom_fields`. The pages
         *     set no bounds on the strings; 256 characters is a bound that protects the service.
         */
        Tracking: {
            /** @example RA123456789US */
            tracking_number: string;
            /** @example usps */
            slug?: string;
            /** @example standard shipping */
            service_type?: string;
            /**
             * Format: date
             * @description The ship date, `YYYY-MM-DD`.
             * @example 2024-07-02
             */
            ship_date: string;
            /** @description The carrier of the next leg; one at most, as the "Next couriers" page says. */
            next_couriers?: components["schemas"]["NextCourier"][];
        };
        FulfillmentLineItem: {
            /** @description The `source_id` of an item of the fulfillment's order. */
            source_id: components["schemas"]["SourceId"];
            quantity: number;
        };
        FulfillmentCreate: {
            /** @description Identifier of the fulfillment in the caller's system, unique in the store (what the list's `source_id` filter names). */
            source_id?: components["schemas"]["SourceId"];
            /** @description The `id` of an order of the same store. */
            order_id: string;
            delivery_method: components["schemas"]["DeliveryMethod"];
            status: components["schemas"]["FulfillmentState"];
            line_items: components["schemas"]["FulfillmentLineItem"][];
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
            /** @description Where the fulfillment ships from (recommended for `shipping`, as the page says). */
            ship_from_location?: components["schemas"]["ShipLocation"];
            /** @description Where the fulfillment ships to (recommended for `shipping`, as the page says). */
            ship_to_location?: components["schemas"]["ShipLocation"];
            /** @description Required for `pickup`, refused for `shipping`. A location of the same store (this service's locations resource stands for AfterShip's admin locations). */
            pickup_location?: components["schemas"]["PickupLocationRef"];
            /** @description Only for `pickup`. */
            pickup_info?: components["schemas"]["PickupInfo"];
            /** @description Only for `shipping`. */
            trackings?: components["schemas"]["Tracking"][];
        };
        /** @description The fields to change. An empty object changes nothing and returns the fulfillment as it is. */
        FulfillmentUpdate: {
            source_updated_at?: components["schemas"]["DateTime"];
            pickup_info?: components["schemas"]["PickupInfo"];
            /** @description Replaces every tracking; an empty array deletes them. */
            trackings?: components["schemas"]["Tracking"][];
        };
        FulfillmentStatusUpdate: {
            status: components["schemas"]["FulfillmentState"];
            occurred_at: components["schemas"]["DateTime"];
        };
        Fulfillment: {
            id: string;
            source_id?: string;
            store: components["schemas"]["StoreRef"];
            order_id: string;
            delivery_method: components["schemas"]["DeliveryMethod"];
            status: components["schemas"]["FulfillmentState"];
            line_items: components["schemas"]["FulfillmentLineItem"][];
            /** @description Always present on a `shipping` fulfillment (empty when none); absent on a `pickup` one. */
            trackings?: components["schemas"]["Tracking"][];
            ship_from_location?: components["schemas"]["ShipLocation"];
            ship_to_location?: components["schemas"]["ShipLocation"];
            pickup_location?: components["schemas"]["PickupLocation"];
            pickup_info?: components["schemas"]["PickupInfo"];
            source_created_at?: components["schemas"]["DateTime"];
            source_updated_at?: components["schemas"]["DateTime"];
            created_at: components["schemas"]["DateTime"];
            updated_at: components["schemas"]["DateTime"];
        };
        FulfillmentEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: components["schemas"]["Fulfillment"];
        };
        FulfillmentCreatedEnvelope: {
            meta: components["schemas"]["MetaCreated"];
            data: components["schemas"]["Fulfillment"];
        };
        FulfillmentListEnvelope: {
            meta: components["schemas"]["MetaOk"];
            data: {
                fulfillments: components["schemas"]["Fulfillment"][];
                pagination: components["schemas"]["Pagination"];
                /** @description The effective parameters, in the fixed order `page`, `limit`, `order_id`, `source_order_id`, `source_id`, `ids[]`. */
                parameter_string: string;
            };
        };
        ErrorDetail: {
            /** @description `items[0].quantity` for a body field; `query.NAME`, `header.NAME` or `path.NAME` for a parameter. */
            path: string;
            /** @description What is wrong, in words. */
            info: string;
        };
        /**
         * @description The problems of the request, at most 100 (a bound that keeps an answer small whatever the
         *     request: 130,000 unknown properties fit in a 1 MiB body). When there are more, the first
         *     100 are listed and `errors_omitted` counts the rest.
         */
        ErrorDetails: components["schemas"]["ErrorDetail"][];
        /** @description Number of problems found beyond the 100 listed in `errors`; absent when all are listed. */
        ErrorsOmitted: number;
        Error400: {
            meta: {
                /** @enum {integer} */
                code: 40000 | 40001;
                /** @enum {string} */
                type: "BadRequest" | "MissingParameter";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
                errors_omitted?: components["schemas"]["ErrorsOmitted"];
            };
            data: null;
        };
        Error401: {
            meta: {
                /** @enum {integer} */
                code: 40100;
                /** @enum {string} */
                type: "Unauthorized";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
        Error404: {
            meta: {
                /** @enum {integer} */
                code: 40400;
                /** @enum {string} */
                type: "NotFound";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
        Error409: {
            meta: {
                /** @enum {integer} */
                code: 40900;
                /** @enum {string} */
                type: "Conflict";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
        Error412: {
            meta: {
                /** @enum {integer} */
                code: 41201 | 41204;
                /** @enum {string} */
                type: "PreconditionFailed";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
        Error413: {
            meta: {
                /** @enum {integer} */
                code: 41300;
                /** @enum {string} */
                type: "PayloadTooLarge";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
        Error415: {
            meta: {
                /** @enum {integer} */
                code: 41500;
                /** @enum {string} */
                type: "UnsupportedMediaType";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
        Error422: {
            meta: {
                /** @enum {integer} */
                code: 42200;
                /** @enum {string} */
                type: "UnprocessableEntity";
                message: string;
                errors: components["schemas"]["ErrorDetails"];
                errors_omitted?: components["schemas"]["ErrorsOmitted"];
            };
            data: null;
        };
        Error429: {
            meta: {
                /** @enum {integer} */
                code: 42900;
                /** @enum {string} */
                type: "TooManyRequests";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
        Error500: {
            meta: {
                /** @enum {integer} */
                code: 50000;
                /** @enum {string} */
                type: "InternalError";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
        Error503: {
            meta: {
                /** @enum {integer} */
                code: 50300;
                /** @enum {string} */
                type: "ServiceUnavailable";
                message: string;
                errors?: components["schemas"]["ErrorDetails"];
            };
            data: null;
        };
    };
    responses: {
        /** @description The store was created. */
        StoreCreated: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["StoreCreatedEnvelope"];
            };
        };
        /** @description The store. */
        StoreOk: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["StoreEnvelope"];
            };
        };
        /** @description A page of stores. */
        StoreList: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["StoreListEnvelope"];
            };
        };
        /** @description The location was created. */
        LocationCreated: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["LocationCreatedEnvelope"];
            };
        };
        /** @description The location. */
        LocationOk: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["LocationEnvelope"];
            };
        };
        /** @description A page of locations. */
        LocationList: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["LocationListEnvelope"];
            };
        };
        /** @description The order was created. */
        OrderCreated: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OrderCreatedEnvelope"];
            };
        };
        /** @description The order. */
        OrderOk: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OrderEnvelope"];
            };
        };
        /** @description A page of orders. */
        OrderList: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["OrderListEnvelope"];
            };
        };
        /** @description The product was created. */
        ProductCreated: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ProductCreatedEnvelope"];
            };
        };
        /** @description The product. */
        ProductOk: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ProductEnvelope"];
            };
        };
        /** @description The fulfillment was created. */
        FulfillmentCreated: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FulfillmentCreatedEnvelope"];
            };
        };
        /** @description The fulfillment. */
        FulfillmentOk: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FulfillmentEnvelope"];
            };
        };
        /** @description The fulfillment as changed. */
        FulfillmentChanged: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "idempotent-replayed": components["headers"]["IdempotentReplayed"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FulfillmentEnvelope"];
            };
        };
        /** @description A page of fulfillments. */
        FulfillmentList: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["FulfillmentListEnvelope"];
            };
        };
        /**
         * @description `40000` BadRequest: the body is not valid JSON (nothing else is checked).
         *     `40001` MissingParameter: a required body field, header or parameter is missing. `meta.errors`
         *     then lists every problem of the request, the missing ones (`Required.`) and any others.
         */
        BadRequest: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error400"];
            };
        };
        /**
         * @description `40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked; or, for a key
         *     that requires signed requests, the signature is missing or does not match the request, or
         *     `date` is not an RFC 1123 date within 3 minutes of the service's time (`meta.errors` names
         *     `header.svc-signature-hmac-sha256` or `header.date`); or a key without a signing secret sent
         *     a signature.
         */
        Unauthorized: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error401"];
            };
        };
        /** @description `40400` NotFound: no such route, or no such resource in the caller's account. */
        NotFound: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error404"];
            };
        };
        /**
         * @description `40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the
         *     account), or the first request with this `idempotency-key` is still being done
         *     (`header.idempotency-key`: retry later).
         */
        Conflict: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error409"];
            };
        };
        /**
         * @description `41201` PreconditionFailed: the `svc-store-id` header is missing or empty, or the `date`
         *     header of a signed request is (`header.date`; any operation, for a key that requires signed requests).
         *     `41204` PreconditionFailed: the store could not be found (it does not exist, or belongs to another account).
         */
        PreconditionFailed: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error412"];
            };
        };
        /** @description `41300` PayloadTooLarge: the body is over the configured limit. */
        PayloadTooLarge: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error413"];
            };
        };
        /** @description `41500` UnsupportedMediaType: the body is not `application/json`. */
        UnsupportedMediaType: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error415"];
            };
        };
        /**
         * @description `42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown
         *     property, totals that do not add up), or an `idempotency-key` used before with another
         *     request. `meta.errors` names every problem.
         */
        UnprocessableEntity: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error422"];
            };
        };
        /** @description `42900` TooManyRequests: over the per-key rate limit. */
        TooManyRequests: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                "ratelimit-limit": components["headers"]["RateLimitLimit"];
                "ratelimit-remaining": components["headers"]["RateLimitRemaining"];
                "ratelimit-reset": components["headers"]["RateLimitReset"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error429"];
            };
        };
        /** @description `50000` InternalError: anything else. The message never carries internal details; quote `x-request-id`. */
        InternalError: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error500"];
            };
        };
        /**
         * @description `50300` ServiceUnavailable: the instance cannot serve the request right now: it is still
         *     starting, or its database does not answer within the configured time limits. Send the
         *     request again after `retry-after` seconds (a write whose answer was lost may have been
         *     done: look before creating again).
         */
        ServiceUnavailable: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
                "retry-after": components["headers"]["RetryAfter"];
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error503"];
            };
        };
    };
    parameters: {
        /**
         * @description Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
         *     characters (space to `~`), new for each new request, such as a UUID. The first successful
         *     answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
         *     with the same key and the same request; the same key with another request is
         *     `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
         * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
         */
        IdempotencyKey: string;
        /**
         * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
         *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
         *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
         * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
         */
        StoreId: string;
        /**
         * @description Store identifier assigned by the service.
         * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
         */
        StorePathId: string;
        /**
         * @description Location identifier assigned by the service.
         * @example loc_0ly2owe80b1d1b00695fe16f678c5
         */
        LocationPathId: string;
        /**
         * @description Order identifier assigned by the service.
         * @example ord_0ly2owe804035043cdcd8333a45ed
         */
        OrderPathId: string;
        /**
         * @description Product identifier assigned by the service.
         * @example prd_0ly2owe80c5d863e582048f11f52d
         */
        ProductPathId: string;
        /**
         * @description Fulfillment identifier assigned by the service.
         * @example ful_0ly2owe807e96197260b8e7d336c8
         */
        FulfillmentPathId: string;
        /** @description Page number, from 1. */
        Page: number;
        /** @description Page size. */
        Limit: number;
        /**
         * @description Sort field, `-` descending or `+` ascending. Ties are broken by `id` in the same direction.
         *     `+` may be written literally, as in `sort=+source_created_at`: under form decoding it
         *     arrives as a space, and a value that starts with a space is read as starting with `+`.
         *     `%2B` works as well.
         */
        Sort: "-source_created_at" | "+source_created_at" | "-source_updated_at" | "+source_updated_at";
        /**
         * @description Only the orders (stores) whose `source_id` is one of these. Repeat the parameter for each value
         *     (`source_ids[]=A-1&source_ids[]=A-2`). Each value is shorter than 32 characters and fewer
         *     than 50 values are accepted, as the 2024-07 interface defines.
         */
        SourceIds: string[];
    };
    requestBodies: never;
    headers: {
        /**
         * @description `true` on an answer given again to a retry with the same `idempotency-key` (the work was
         *     not done again); absent on the answer of the request that did the work.
         */
        IdempotentReplayed: "true";
        /**
         * @description Identifier of this request, also written in the service's logs.
         * @example 4b1f2c9e-5d7a-4c3b-9f0e-2a1b3c4d5e6f
         */
        RequestId: string;
        /** @description Requests allowed per second for this API key. */
        RateLimitLimit: number;
        /** @description Requests left in the current bucket. */
        RateLimitRemaining: number;
        /**
         * @description When the bucket holds at least one request again, as Unix time in seconds (the current
         *     second when it holds one now): a timestamp, as AfterShip's rate-limit page defines
         *     `ratelimit-reset`. `retry-after` on a `429` gives the same wait in seconds.
         */
        RateLimitReset: number;
        /** @description Seconds to wait before the next request. */
        RetryAfter: number;
    };
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    listStores: {
        parameters: {
            query?: {
                /**
                 * @description Only the orders (stores) whose `source_id` is one of these. Repeat the parameter for each value
                 *     (`source_ids[]=A-1&source_ids[]=A-2`). Each value is shorter than 32 characters and fewer
                 *     than 50 values are accepted, as the 2024-07 interface defines.
                 */
                "source_ids[]"?: components["parameters"]["SourceIds"];
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["StoreList"];
            401: components["responses"]["Unauthorized"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createStore: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
                 *     characters (space to `~`), new for each new request, such as a UUID. The first successful
                 *     answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
                 *     with the same key and the same request; the same key with another request is
                 *     `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "idempotency-key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StoreCreate"];
            };
        };
        responses: {
            201: components["responses"]["StoreCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Store identifier assigned by the service.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                id: components["parameters"]["StorePathId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["StoreOk"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateStore: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Store identifier assigned by the service.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                id: components["parameters"]["StorePathId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StoreUpdate"];
            };
        };
        responses: {
            200: components["responses"]["StoreOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listLocations: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
            };
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LocationList"];
            401: components["responses"]["Unauthorized"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createLocation: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
                /**
                 * @description Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
                 *     characters (space to `~`), new for each new request, such as a UUID. The first successful
                 *     answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
                 *     with the same key and the same request; the same key with another request is
                 *     `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "idempotency-key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LocationCreate"];
            };
        };
        responses: {
            201: components["responses"]["LocationCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLocation: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Location identifier assigned by the service.
                 * @example loc_0ly2owe80b1d1b00695fe16f678c5
                 */
                id: components["parameters"]["LocationPathId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["LocationOk"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /**
                 * @description Only the orders (stores) whose `source_id` is one of these. Repeat the parameter for each value
                 *     (`source_ids[]=A-1&source_ids[]=A-2`). Each value is shorter than 32 characters and fewer
                 *     than 50 values are accepted, as the 2024-07 interface defines.
                 */
                "source_ids[]"?: components["parameters"]["SourceIds"];
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
                /**
                 * @description Sort field, `-` descending or `+` ascending. Ties are broken by `id` in the same direction.
                 *     `+` may be written literally, as in `sort=+source_created_at`: under form decoding it
                 *     arrives as a space, and a value that starts with a space is read as starting with `+`.
                 *     `%2B` works as well.
                 */
                sort?: components["parameters"]["Sort"];
            };
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["OrderList"];
            401: components["responses"]["Unauthorized"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createOrder: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
                /**
                 * @description Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
                 *     characters (space to `~`), new for each new request, such as a UUID. The first successful
                 *     answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
                 *     with the same key and the same request; the same key with another request is
                 *     `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "idempotency-key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderCreate"];
            };
        };
        responses: {
            201: components["responses"]["OrderCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getOrder: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Order identifier assigned by the service.
                 * @example ord_0ly2owe804035043cdcd8333a45ed
                 */
                id: components["parameters"]["OrderPathId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["OrderOk"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateOrder: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Order identifier assigned by the service.
                 * @example ord_0ly2owe804035043cdcd8333a45ed
                 */
                id: components["parameters"]["OrderPathId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OrderUpdate"];
            };
        };
        responses: {
            200: components["responses"]["OrderOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
                /**
                 * @description Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
                 *     characters (space to `~`), new for each new request, such as a UUID. The first successful
                 *     answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
                 *     with the same key and the same request; the same key with another request is
                 *     `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "idempotency-key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductCreate"];
            };
        };
        responses: {
            201: components["responses"]["ProductCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Product identifier assigned by the service.
                 * @example prd_0ly2owe80c5d863e582048f11f52d
                 */
                id: components["parameters"]["ProductPathId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["ProductOk"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Product identifier assigned by the service.
                 * @example prd_0ly2owe80c5d863e582048f11f52d
                 */
                id: components["parameters"]["ProductPathId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ProductUpdate"];
            };
        };
        responses: {
            200: components["responses"]["ProductOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listFulfillments: {
        parameters: {
            query?: {
                /** @description Only the fulfillments of this order (its `id`). */
                order_id?: string;
                /** @description Only the fulfillments of the order with this `source_id`. */
                source_order_id?: string;
                /** @description Only the fulfillment with this `source_id`. */
                source_id?: string;
                /** @description Only the fulfillments with these ids. Repeat the parameter for each value (`ids[]=ful_1&ids[]=ful_2`); at most 50. */
                "ids[]"?: string[];
                /** @description Page number, from 1. */
                page?: components["parameters"]["Page"];
                /** @description Page size. */
                limit?: components["parameters"]["Limit"];
            };
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["FulfillmentList"];
            401: components["responses"]["Unauthorized"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createFulfillment: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
                /**
                 * @description Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
                 *     characters (space to `~`), new for each new request, such as a UUID. The first successful
                 *     answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
                 *     with the same key and the same request; the same key with another request is
                 *     `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "idempotency-key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FulfillmentCreate"];
            };
        };
        responses: {
            201: components["responses"]["FulfillmentCreated"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getFulfillment: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Fulfillment identifier assigned by the service.
                 * @example ful_0ly2owe807e96197260b8e7d336c8
                 */
                id: components["parameters"]["FulfillmentPathId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["FulfillmentOk"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFulfillment: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
            };
            path: {
                /**
                 * @description Fulfillment identifier assigned by the service.
                 * @example ful_0ly2owe807e96197260b8e7d336c8
                 */
                id: components["parameters"]["FulfillmentPathId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FulfillmentUpdate"];
            };
        };
        responses: {
            200: components["responses"]["FulfillmentOk"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateFulfillmentStatus: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
                /**
                 * @description Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
                 *     characters (space to `~`), new for each new request, such as a UUID. The first successful
                 *     answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
                 *     with the same key and the same request; the same key with another request is
                 *     `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "idempotency-key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Fulfillment identifier assigned by the service.
                 * @example ful_0ly2owe807e96197260b8e7d336c8
                 */
                id: components["parameters"]["FulfillmentPathId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FulfillmentStatusUpdate"];
            };
        };
        responses: {
            200: components["responses"]["FulfillmentChanged"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    shipFulfillment: {
        parameters: {
            query?: never;
            header: {
                /**
                 * @description Identifier of the store (from `createStore`). Missing or empty is `412`/`41201`; any other
                 *     value that names no store of the caller's account is `412`/`41204`, whatever its length or
                 *     characters (as the 2024-07 interface ties "the store does not exist" to `41204`), never `422`.
                 * @example sto_0ly2owe80bbfe6ba7355dcc525fcb
                 */
                "svc-store-id": components["parameters"]["StoreId"];
                /**
                 * @description Makes the `POST` safe to retry (see "Safe retries" above): a key of 1 to 255 printable ASCII
                 *     characters (space to `~`), new for each new request, such as a UUID. The first successful
                 *     answer is kept for 24 hours and given again, marked `idempotent-replayed: true`, to a retry
                 *     with the same key and the same request; the same key with another request is
                 *     `422`/`42200`, and a retry while the first request is still being done is `409`/`40900`.
                 * @example 5f0c2b7e-8d1a-4c3e-9b6f-2a4d8e1c7b90
                 */
                "idempotency-key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /**
                 * @description Fulfillment identifier assigned by the service.
                 * @example ful_0ly2owe807e96197260b8e7d336c8
                 */
                id: components["parameters"]["FulfillmentPathId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Tracking"][];
            };
        };
        responses: {
            200: components["responses"]["FulfillmentChanged"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            412: components["responses"]["PreconditionFailed"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
