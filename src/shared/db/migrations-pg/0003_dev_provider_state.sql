CREATE TABLE "keygen_dev_login_failures" (
	"name_hash" text COLLATE "C" PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"window_ends_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keygen_dev_oidc_records" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"model" text COLLATE "C" NOT NULL,
	"payload" text COLLATE "C" NOT NULL,
	"uid" text COLLATE "C",
	"grant_id" text COLLATE "C",
	"consumed_at" text COLLATE "C",
	"expires_at" text COLLATE "C" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "keygen_dev_login_failures_window" ON "keygen_dev_login_failures" USING btree ("window_ends_at");--> statement-breakpoint
CREATE INDEX "keygen_dev_oidc_records_uid" ON "keygen_dev_oidc_records" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "keygen_dev_oidc_records_grant" ON "keygen_dev_oidc_records" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "keygen_dev_oidc_records_expires" ON "keygen_dev_oidc_records" USING btree ("expires_at");