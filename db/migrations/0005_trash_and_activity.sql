CREATE TABLE `activity` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_name` text NOT NULL,
	`action` text NOT NULL,
	`type` text NOT NULL,
	`item_id` text,
	`item_title` text DEFAULT '' NOT NULL,
	`chapter_id` text,
	`details` text
);
--> statement-breakpoint
CREATE INDEX `activity_at_idx` ON `activity` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_actor_at_idx` ON `activity` (`actor_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_action_at_idx` ON `activity` (`action`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_type_at_idx` ON `activity` (`type`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_chapter_at_idx` ON `activity` (`chapter_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `activity_item_at_idx` ON `activity` (`item_id`,`at`,`id`);--> statement-breakpoint
CREATE TABLE `trash` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`item_id` text NOT NULL,
	`title` text NOT NULL,
	`chapter_id` text,
	`deleted_by_id` text,
	`deleted_by_name` text NOT NULL,
	`deleted_at` integer NOT NULL,
	`snapshot` text NOT NULL,
	`uploads` text DEFAULT '[]' NOT NULL
);
--> statement-breakpoint
CREATE INDEX `trash_deleted_idx` ON `trash` (`deleted_at`,`id`);--> statement-breakpoint
CREATE INDEX `trash_chapter_deleted_idx` ON `trash` (`chapter_id`,`deleted_at`,`id`);