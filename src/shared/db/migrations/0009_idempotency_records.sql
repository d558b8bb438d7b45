CREATE TABLE `idempotency_records` (
	`id` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`holder` text,
	`status` integer,
	`headers` text,
	`body` text,
	`lease_until` integer NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `idempotency_records_expires` ON `idempotency_records` (`expires_at`);