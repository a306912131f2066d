CREATE TABLE `registration_settings` (
	`event_id` text PRIMARY KEY NOT NULL,
	`enabled` integer DEFAULT false NOT NULL,
	`capacity` integer,
	`waitlist` integer DEFAULT true NOT NULL,
	`approval` integer DEFAULT false NOT NULL,
	`opens_at` text,
	`closes_at` text,
	`questions` text DEFAULT '[]' NOT NULL,
	`payment_methods` text DEFAULT '[]' NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `registrations` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`seq` integer NOT NULL,
	`status` text NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text DEFAULT '' NOT NULL,
	`answers` text DEFAULT '{}' NOT NULL,
	`payment_method` text,
	`transaction_id` text,
	`token_hash` text NOT NULL,
	`ics_sequence` integer DEFAULT 0 NOT NULL,
	`offer_expires_at` integer,
	`confirmed_at` integer,
	`cancelled_at` integer,
	`cancel_reason` text,
	`reminded_at` integer,
	`anonymised_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_active_email_unique` ON `registrations` (`event_id`,`email`) WHERE status != 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_token_unique` ON `registrations` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `registrations_event_seq_unique` ON `registrations` (`event_id`,`seq`);--> statement-breakpoint
CREATE INDEX `registrations_event_status_seq_idx` ON `registrations` (`event_id`,`status`,`seq`);--> statement-breakpoint
CREATE INDEX `registrations_offer_expiry_idx` ON `registrations` (`offer_expires_at`) WHERE status = 'offered';--> statement-breakpoint
ALTER TABLE `outbox_mails` ADD `html` text;--> statement-breakpoint
ALTER TABLE `outbox_mails` ADD `attachments` text;