DROP INDEX `accounts_role_created_idx`;--> statement-breakpoint
DROP INDEX `accounts_role_name_idx`;--> statement-breakpoint
CREATE INDEX `accounts_role_created_idx` ON `accounts` (`role`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `accounts_role_name_idx` ON `accounts` (`role`,name COLLATE NOCASE,`id`);--> statement-breakpoint
DROP INDEX `contact_messages_received_idx`;--> statement-breakpoint
CREATE INDEX `contact_messages_name_idx` ON `contact_messages` (name COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_email_idx` ON `contact_messages` (`email`,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_read_idx` ON `contact_messages` (`read`,`id`);--> statement-breakpoint
CREATE INDEX `contact_messages_received_idx` ON `contact_messages` (`received_at`,`id`);--> statement-breakpoint
DROP INDEX `events_owner_date_idx`;--> statement-breakpoint
DROP INDEX `events_title_idx`;--> statement-breakpoint
CREATE INDEX `events_location_idx` ON `events` (location COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `events_fees_idx` ON `events` (`fees`,`id`);--> statement-breakpoint
CREATE INDEX `events_created_idx` ON `events` (`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `events_owner_date_idx` ON `events` (`owner_id`,`event_date`,`start_time`,`id`);--> statement-breakpoint
CREATE INDEX `events_title_idx` ON `events` (title COLLATE NOCASE,`id`);--> statement-breakpoint
DROP INDEX `excom_members_chapter_idx`;--> statement-breakpoint
CREATE INDEX `excom_members_chapter_name_idx` ON `excom_members` (`chapter_id`,name COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `excom_members_chapter_designation_idx` ON `excom_members` (`chapter_id`,designation COLLATE NOCASE,`id`);--> statement-breakpoint
CREATE INDEX `excom_members_chapter_idx` ON `excom_members` (`chapter_id`,`created_at`,`id`);