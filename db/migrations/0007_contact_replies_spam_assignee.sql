CREATE TABLE `contact_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`message_id` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`text` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`message_id`) REFERENCES `contact_messages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `contact_replies_message_idx` ON `contact_replies` (`message_id`,`created_at`,`id`);--> statement-breakpoint
DROP INDEX `contact_messages_received_idx`;--> statement-breakpoint
DROP INDEX `contact_messages_name_idx`;--> statement-breakpoint
DROP INDEX `contact_messages_email_idx`;--> statement-breakpoint
DROP INDEX `contact_messages_read_idx`;--> statement-breakpoint
DROP INDEX `contact_messages_read_received_idx`;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `spam` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `spam_reason` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `spam_at` integer;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `assignee_id` text;--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `replied_at` integer;--> statement-breakpoint
CREATE INDEX `contact_messages_assignee_received_idx` ON `contact_messages` (`spam`,`assignee_id`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_received_idx` ON `contact_messages` (`spam`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_name_idx` ON `contact_messages` (`spam`,name COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_email_idx` ON `contact_messages` (`spam`,`email`,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_read_idx` ON `contact_messages` (`spam`,`read`,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_read_received_idx` ON `contact_messages` (`spam`,`read`,`received_at`,`id`);--> statement-breakpoint
CREATE INDEX `outbox_mails_subject_idx` ON `outbox_mails` (`subject_id`);