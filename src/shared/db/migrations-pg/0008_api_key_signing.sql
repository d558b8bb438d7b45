ALTER TABLE "api_keys" ADD COLUMN "signing_root" text COLLATE "C";--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "signing_salt" text COLLATE "C";