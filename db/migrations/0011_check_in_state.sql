ALTER TABLE `registrations` ADD `ticket_version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `registrations` ADD `checked_in_at` integer;--> statement-breakpoint
ALTER TABLE `registrations` ADD `checked_in_by` text;--> statement-breakpoint
CREATE INDEX `registrations_event_checked_in_idx` ON `registrations` (`event_id`,`checked_in_at`);