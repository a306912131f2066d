-- Sessions are stored by the SHA-256 of their token, never the token: the id the old code kept was the
-- token itself, so a backup (which also holds the signing secret) could mint a working cookie. Every live
-- token stays valid: its old id is hashed into token_hash (sha256_hex is registered on the connection by
-- db/client.server.ts), and the row gets a new random id for the sessions list. The old table's pages are
-- zeroed as they are freed (secure_delete, set while migrating), so no old token lingers in the file.
-- Drizzle runs this file in one transaction.
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`last_seen_at` integer,
	`user_agent` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_sessions` (`id`, `token_hash`, `user_id`, `created_at`, `expires_at`, `last_seen_at`, `user_agent`)
SELECT lower(hex(randomblob(12))), sha256_hex(`id`), `user_id`, `created_at`, `expires_at`, `last_seen_at`, `user_agent`
FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;--> statement-breakpoint
CREATE UNIQUE INDEX `sessions_token_hash_unique` ON `sessions` (`token_hash`);--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);
