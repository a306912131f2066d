CREATE TABLE `outbox_mails` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`reply_to` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_mails_due_idx` ON `outbox_mails` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `outbox_mails_created_idx` ON `outbox_mails` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_read_received_idx` ON `contact_messages` (`read`,`received_at`,`id`);