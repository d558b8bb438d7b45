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
         * @description Lists the stores of the caller's account, oldest first (ties broken by `id`).
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
        /** @description The address of a pickup location; `street_1`, `city`, `country_region` and `coordinate` are required. */
        LocationAddress: {
            /** @enum {string} */
            type?: "business" | "residential";
            street_1: string;
            /** @description Second line of the street. `null` is accepted and answered back as sent, as in the 2024-07 interface. */
            street_2?: string | null;
            /** @description Third line of the street. `null` is accepted and answered back as sent, as in the 2024-07 interface. */
            street_3?: string | null;
            city: string;
            state?: string;
            postal_code?: string;
            country_region: components["schemas"]["CountryRegion"];
            company?: string;
            first_name?: string;
            last_name?: string;
            email?: components["schemas"]["Email"];
            /** @description Phone number as the client writes it (no format is imposed), up to 256 characters as in the 2024-07 interface. */
            phone?: string;
            coordinate: components["schemas"]["Coordinate"];
        };
        Customer: {
            source_id?: components["schemas"]["SourceId"];
            first_name?: string;
            last_name?: string;
            /** @description Up to 100 e-mail addresses, as in the 2024-07 interface. */
            emails?: components["schemas"]["Email"][];
            /**
             * @description Language tag: BCP 47 (`en-US`) or the POSIX form with an underscore (`en_US`) that
             *     2024-07 clients also send; stored and answered as sent.
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
        /** @description A line of an order. `quantity` is required; every other field is optional. */
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
        PickupLocationRef: {
            /** @description Identifier of a location of the same store (from `createLocation`). */
            location_id: string;
        };
        /** @description The pickup location, expanded from the stored location record. */
        PickupLocation: {
            location_id: string;
            address: components["schemas"]["LocationAddress"];
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
            items: components["schemas"]["OrderItem"][];
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
            address: components["schemas"]["LocationAddress"];
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
                /** @description The effective parameters: `page=P&limit=L`. */
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
    };
    responses: {
        /** @description The store was created. */
        StoreCreated: {
            headers: {
                "x-request-id": components["headers"]["RequestId"];
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
        /** @description `40100` Unauthorized: the `svc-api-key` header is missing, unknown or revoked. */
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
        /** @description `40900` Conflict: a record with this `source_id` already exists (in the store; stores: in the account). */
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
         * @description `41201` PreconditionFailed: the `svc-store-id` header is missing or empty.
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
        /** @description `42200` UnprocessableEntity: well-formed but invalid (bounds, pattern, enum, type, unknown property, totals that do not add up). `meta.errors` names every problem. */
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
    };
    parameters: {
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
         * @description Only orders whose `source_id` is one of these. Repeat the parameter for each value
         *     (`source_ids[]=A-1&source_ids[]=A-2`). Each value is shorter than 32 characters and fewer
         *     than 50 values are accepted, as the 2024-07 interface defines.
         */
        SourceIds: string[];
    };
    requestBodies: never;
    headers: {
        /**
         * @description Identifier of this request, also written in the service's logs.
         * @example 4b1f2c9e-5d7a-4c3b-9f0e-2a1b3c4d5e6f
         */
        RequestId: string;
        /** @description Requests allowed per second for this API key. */
        RateLimitLimit: number;
        /** @description Requests left in the current bucket. */
        RateLimitRemaining: number;
        /** @description Seconds until the bucket holds at least one request again. */
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
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
        };
    };
    createStore: {
        parameters: {
            query?: never;
            header?: never;
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
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
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
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
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            422: components["responses"]["UnprocessableEntity"];
            429: components["responses"]["TooManyRequests"];
            500: components["responses"]["InternalError"];
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
        };
    };
    listOrders: {
        parameters: {
            query?: {
                /**
                 * @description Only orders whose `source_id` is one of these. Repeat the parameter for each value
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
        };
    };
}
