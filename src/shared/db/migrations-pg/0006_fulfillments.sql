CREATE TABLE "fulfillments" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"store_id" text COLLATE "C" NOT NULL,
	"order_id" text COLLATE "C" NOT NULL,
	"order_source_id" text COLLATE "C" NOT NULL,
	"source_id" text COLLATE "C",
	"status" text COLLATE "C" NOT NULL,
	"doc" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fulfillments" ADD CONSTRAINT "fulfillments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fulfillments" ADD CONSTRAINT "fulfillments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fulfillments_store_source" ON "fulfillments" USING btree ("store_id","source_id");--> statement-breakpoint
CREATE INDEX "fulfillments_store_order" ON "fulfillments" USING btree ("store_id","order_id");--> statement-breakpoint
CREATE INDEX "fulfillments_store_created" ON "fulfillments" USING btree ("store_id","created_at","id");