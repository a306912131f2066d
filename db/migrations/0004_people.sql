-- One account per person. Each chapter account becomes a chapter (same id, so every id the API shows
-- stays) and its first officer (same id, email, name and password hash, so its sessions stay valid);
-- each administrator account becomes an administrator. Drizzle runs this file in one transaction.
ALTER TABLE `accounts` RENAME TO `chapters`;--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`role` text NOT NULL,
	`chapter_id` text,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`disabled` integer DEFAULT false NOT NULL,
	`last_sign_in_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`chapter_id`) REFERENCES `chapters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `users` (`id`, `role`, `chapter_id`, `name`, `email`, `password_hash`, `last_sign_in_at`, `created_at`, `updated_at`)
SELECT `id`,
	CASE `role` WHEN 'admin' THEN 'admin' ELSE 'officer' END,
	CASE `role` WHEN 'admin' THEN NULL ELSE `id` END,
	`name`, lower(`email`), `password_hash`,
	(SELECT max(`sessions`.`created_at`) FROM `sessions` WHERE `sessions`.`account_id` = `chapters`.`id`),
	`created_at`, `updated_at`
FROM `chapters`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE INDEX `users_chapter_idx` ON `users` (`chapter_id`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`,`created_at`,`id`);--> statement-breakpoint
CREATE TABLE `__new_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`last_seen_at` integer,
	`user_agent` text DEFAULT '' NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_sessions` (`id`, `user_id`, `created_at`, `expires_at`)
SELECT `id`, `account_id`, `created_at`, `expires_at` FROM `sessions`;--> statement-breakpoint
DROP TABLE `sessions`;--> statement-breakpoint
ALTER TABLE `__new_sessions` RENAME TO `sessions`;--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
-- An administrator's events belong to no chapter (owner_id becomes nullable): rebuilt before the
-- administrators leave the chapters table, whose ON DELETE CASCADE would take their events along.
CREATE TABLE `__new_events` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text,
	`title` text NOT NULL,
	`banner` text NOT NULL,
	`host` text NOT NULL,
	`event_date` text NOT NULL,
	`start_time` text NOT NULL,
	`end_time` text NOT NULL,
	`location` text NOT NULL,
	`registration_method` text NOT NULL,
	`fees` real NOT NULL,
	`event_link` text NOT NULL,
	`description` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `chapters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_events` (`id`, `owner_id`, `title`, `banner`, `host`, `event_date`, `start_time`, `end_time`, `location`, `registration_method`, `fees`, `event_link`, `description`, `created_at`, `updated_at`)
SELECT `events`.`id`, CASE `chapters`.`role` WHEN 'admin' THEN NULL ELSE `events`.`owner_id` END,
	`title`, `banner`, `host`, `event_date`, `start_time`, `end_time`, `location`, `registration_method`, `fees`,
	`event_link`, `description`, `events`.`created_at`, `events`.`updated_at`
FROM `events` JOIN `chapters` ON `chapters`.`id` = `events`.`owner_id`;--> statement-breakpoint
DROP TABLE `events`;--> statement-breakpoint
ALTER TABLE `__new_events` RENAME TO `events`;--> statement-breakpoint
CREATE INDEX `events_date_idx` ON `events` (`event_date`,`start_time`,`id`);--> statement-breakpoint
CREATE INDEX `events_owner_date_idx` ON `events` (`owner_id`,`event_date`,`start_time`,`id`);--> statement-breakpoint
CREATE INDEX `events_title_idx` ON `events` (title COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `events_location_idx` ON `events` (location COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `events_fees_idx` ON `events` (`fees`,`id`);--> statement-breakpoint
CREATE INDEX `events_created_idx` ON `events` (`created_at`,`id`);--> statement-breakpoint
DELETE FROM `chapters` WHERE `role` = 'admin';--> statement-breakpoint
DROP INDEX `accounts_email_unique`;--> statement-breakpoint
DROP INDEX `accounts_slug_unique`;--> statement-breakpoint
DROP INDEX `accounts_role_created_idx`;--> statement-breakpoint
DROP INDEX `accounts_role_name_idx`;--> statement-breakpoint
ALTER TABLE `chapters` DROP COLUMN `role`;--> statement-breakpoint
ALTER TABLE `chapters` DROP COLUMN `password_hash`;--> statement-breakpoint
CREATE UNIQUE INDEX `chapters_slug_unique` ON `chapters` (`slug`);--> statement-breakpoint
CREATE INDEX `chapters_created_idx` ON `chapters` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `chapters_name_idx` ON `chapters` (name COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE TABLE `invitations` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`chapter_id` text,
	`invited_by_id` text,
	`invited_by_name` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`revoked_at` integer,
	FOREIGN KEY (`chapter_id`) REFERENCES `chapters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `invitations_token_unique` ON `invitations` (`token_hash`);--> statement-breakpoint
CREATE INDEX `invitations_chapter_idx` ON `invitations` (`chapter_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token_unique` ON `password_resets` (`token_hash`);--> statement-breakpoint
CREATE INDEX `password_resets_user_idx` ON `password_resets` (`user_id`);
