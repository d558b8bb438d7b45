CREATE TABLE `keygen_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`account_id` text NOT NULL,
	`provider` text NOT NULL,
	`hardware_version` integer NOT NULL,
	`client_secret_verifier` text NOT NULL,
	`user_binding` text,
	`return_url` text,
	`created_at` text NOT NULL,
	`bound_at` text,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `keygen_keys_account` ON `keygen_keys` (`account_id`);--> statement-breakpoint
CREATE TABLE `keygen_spent_tokens` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`spent_at` text NOT NULL,
	`forget_at` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `keygen_spent_tokens_forget` ON `keygen_spent_tokens` (`forget_at`);--> statement-breakpoint
CREATE TABLE `keygen_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`key_id` text NOT NULL,
	`account_id` text NOT NULL,
	`kind` text NOT NULL,
	`client_return_url` text NOT NULL,
	`prompt_token_hash` text NOT NULL,
	`sealed_client_secret` text,
	`prompt_used_at` text,
	`oidc_state_hash` text,
	`sealed_oidc` text,
	`key_token_hash` text,
	`completed_at` text,
	`created_at` text NOT NULL,
	`expires_at` text NOT NULL,
	FOREIGN KEY (`key_id`) REFERENCES `keygen_keys`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `keygen_transactions_prompt_token_hash_unique` ON `keygen_transactions` (`prompt_token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `keygen_transactions_oidc_state_hash_unique` ON `keygen_transactions` (`oidc_state_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `keygen_transactions_key_token_hash_unique` ON `keygen_transactions` (`key_token_hash`);--> statement-breakpoint
CREATE INDEX `keygen_transactions_key` ON `keygen_transactions` (`key_id`);--> statement-breakpoint
CREATE INDEX `keygen_transactions_expires` ON `keygen_transactions` (`expires_at`);