CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`created_at` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`name` text NOT NULL,
	`prefix` text NOT NULL,
	`key_hash` text NOT NULL,
	`created_at` text NOT NULL,
	`revoked_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_account` ON `api_keys` (`account_id`);--> statement-breakpoint
CREATE TABLE `locations` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`source_id` text,
	`name` text NOT NULL,
	`address` text NOT NULL,
	`opening_hours` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `locations_store_source` ON `locations` (`store_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `locations_store_created` ON `locations` (`store_id`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `orders` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`source_id` text NOT NULL,
	`location_id` text,
	`source_created_ms` integer NOT NULL,
	`source_updated_ms` integer NOT NULL,
	`doc` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`location_id`) REFERENCES `locations`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `orders_store_source` ON `orders` (`store_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `orders_store_source_created` ON `orders` (`store_id`,`source_created_ms`,`id`);--> statement-breakpoint
CREATE INDEX `orders_store_source_updated` ON `orders` (`store_id`,`source_updated_ms`,`id`);--> statement-breakpoint
CREATE TABLE `stores` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`source_id` text NOT NULL,
	`name` text NOT NULL,
	`currency` text NOT NULL,
	`email` text,
	`phone` text,
	`website_url` text,
	`timezone` text,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `stores_account_source` ON `stores` (`account_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `stores_account_created` ON `stores` (`account_id`,`created_at`,`id`);