CREATE TABLE "accounts" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_keys" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"prefix" text COLLATE "C" NOT NULL,
	"key_hash" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"revoked_at" text COLLATE "C",
	CONSTRAINT "api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "keygen_keys" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"provider" text COLLATE "C" NOT NULL,
	"hardware_version" integer NOT NULL,
	"client_secret_verifier" text COLLATE "C" NOT NULL,
	"user_binding" text COLLATE "C",
	"return_url" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"bound_at" text COLLATE "C"
);
--> statement-breakpoint
CREATE TABLE "keygen_spent_tokens" (
	"token_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"spent_at" text COLLATE "C" NOT NULL,
	"forget_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keygen_transactions" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"key_id" text COLLATE "C" NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"kind" text COLLATE "C" NOT NULL,
	"client_return_url" text COLLATE "C" NOT NULL,
	"prompt_token_hash" text COLLATE "C" NOT NULL,
	"sealed_client_secret" text COLLATE "C",
	"prompt_used_at" text COLLATE "C",
	"oidc_state_hash" text COLLATE "C",
	"sealed_oidc" text COLLATE "C",
	"key_token_hash" text COLLATE "C",
	"completed_at" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"expires_at" text COLLATE "C" NOT NULL,
	CONSTRAINT "keygen_transactions_prompt_token_hash_unique" UNIQUE("prompt_token_hash"),
	CONSTRAINT "keygen_transactions_oidc_state_hash_unique" UNIQUE("oidc_state_hash"),
	CONSTRAINT "keygen_transactions_key_token_hash_unique" UNIQUE("key_token_hash")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"store_id" text COLLATE "C" NOT NULL,
	"source_id" text COLLATE "C",
	"name" text COLLATE "C" NOT NULL,
	"address" text COLLATE "C" NOT NULL,
	"opening_hours" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"store_id" text COLLATE "C" NOT NULL,
	"source_id" text COLLATE "C" NOT NULL,
	"location_id" text COLLATE "C",
	"source_created_ms" bigint NOT NULL,
	"source_updated_ms" bigint NOT NULL,
	"doc" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"account_id" text COLLATE "C" NOT NULL,
	"source_id" text COLLATE "C" NOT NULL,
	"name" text COLLATE "C" NOT NULL,
	"currency" text COLLATE "C" NOT NULL,
	"email" text COLLATE "C",
	"phone" text COLLATE "C",
	"website_url" text COLLATE "C",
	"timezone" text COLLATE "C",
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keygen_keys" ADD CONSTRAINT "keygen_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keygen_transactions" ADD CONSTRAINT "keygen_transactions_key_id_keygen_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."keygen_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_account" ON "api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "keygen_keys_account" ON "keygen_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "keygen_spent_tokens_forget" ON "keygen_spent_tokens" USING btree ("forget_at");--> statement-breakpoint
CREATE INDEX "keygen_transactions_key" ON "keygen_transactions" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "keygen_transactions_expires" ON "keygen_transactions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_store_source" ON "locations" USING btree ("store_id","source_id");--> statement-breakpoint
CREATE INDEX "locations_store_created" ON "locations" USING btree ("store_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_store_source" ON "orders" USING btree ("store_id","source_id");--> statement-breakpoint
CREATE INDEX "orders_store_source_created" ON "orders" USING btree ("store_id","source_created_ms","id");--> statement-breakpoint
CREATE INDEX "orders_store_source_updated" ON "orders" USING btree ("store_id","source_updated_ms","id");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_account_source" ON "stores" USING btree ("account_id","source_id");--> statement-breakpoint
CREATE INDEX "stores_account_created" ON "stores" USING btree ("account_id","created_at","id");