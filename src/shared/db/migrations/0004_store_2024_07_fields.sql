ALTER TABLE `stores` ADD `support_email` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `weight_unit` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `description` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `categories` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `address` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `source_created_at` text;--> statement-breakpoint
ALTER TABLE `stores` ADD `source_updated_at` text;