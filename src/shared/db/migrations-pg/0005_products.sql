CREATE TABLE "products" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"store_id" text COLLATE "C" NOT NULL,
	"source_id" text COLLATE "C" NOT NULL,
	"doc" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL,
	"updated_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_store_source" ON "products" USING btree ("store_id","source_id");