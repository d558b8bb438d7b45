ALTER TABLE "stores" ADD COLUMN "support_email" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "weight_unit" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "description" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "categories" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "address" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "source_created_at" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "source_updated_at" text COLLATE "C";