CREATE TABLE "idempotency_records" (
	"id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"fingerprint" text COLLATE "C" NOT NULL,
	"holder" text COLLATE "C",
	"status" integer,
	"headers" text COLLATE "C",
	"body" text COLLATE "C",
	"lease_until" bigint NOT NULL,
	"expires_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "idempotency_records_expires" ON "idempotency_records" USING btree ("expires_at");