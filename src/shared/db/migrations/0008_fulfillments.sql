CREATE TABLE `fulfillments` (
	`id` text PRIMARY KEY NOT NULL,
	`store_id` text NOT NULL,
	`order_id` text NOT NULL,
	`order_source_id` text NOT NULL,
	`source_id` text,
	`status` text NOT NULL,
	`doc` text NOT NULL,
	`created_at` text NOT NULL,
	`updated_at` text NOT NULL,
	FOREIGN KEY (`store_id`) REFERENCES `stores`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`order_id`) REFERENCES `orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fulfillments_store_source` ON `fulfillments` (`store_id`,`source_id`);--> statement-breakpoint
CREATE INDEX `fulfillments_store_order` ON `fulfillments` (`store_id`,`order_id`);--> statement-breakpoint
CREATE INDEX `fulfillments_store_created` ON `fulfillments` (`store_id`,`created_at`,`id`);