ALTER TABLE "stores" RENAME COLUMN "email" TO "owner_email";--> statement-breakpoint
ALTER TABLE "stores" RENAME COLUMN "website_url" TO "url";--> statement-breakpoint
ALTER TABLE "stores" RENAME COLUMN "timezone" TO "timezone_identifier";