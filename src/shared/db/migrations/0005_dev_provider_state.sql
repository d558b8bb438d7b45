CREATE TABLE `keygen_dev_login_failures` (
	`name_hash` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`window_ends_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `keygen_dev_login_failures_window` ON `keygen_dev_login_failures` (`window_ends_at`);--> statement-breakpoint
CREATE TABLE `keygen_dev_oidc_records` (
	`id` text PRIMARY KEY NOT NULL,
	`model` text NOT NULL,
	`payload` text NOT NULL,
	`uid` text,
	`grant_id` text,
	`consumed_at` text,
	`expires_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `keygen_dev_oidc_records_uid` ON `keygen_dev_oidc_records` (`uid`);--> statement-breakpoint
CREATE INDEX `keygen_dev_oidc_records_grant` ON `keygen_dev_oidc_records` (`grant_id`);--> statement-breakpoint
CREATE INDEX `keygen_dev_oidc_records_expires` ON `keygen_dev_oidc_records` (`expires_at`);