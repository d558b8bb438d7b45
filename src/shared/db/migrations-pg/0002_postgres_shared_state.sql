CREATE TABLE "rate_limits" (
	"api_key_id" text COLLATE "C" PRIMARY KEY NOT NULL,
	"tokens" bigint NOT NULL,
	"at" bigint NOT NULL,
	"allowed" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keygen_sealed_root" (
	"id" integer PRIMARY KEY NOT NULL,
	"document" text COLLATE "C" NOT NULL,
	"created_at" text COLLATE "C" NOT NULL
);
