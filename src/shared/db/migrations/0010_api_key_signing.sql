ALTER TABLE `api_keys` ADD `signing_root` text;--> statement-breakpoint
ALTER TABLE `api_keys` ADD `signing_salt` text;