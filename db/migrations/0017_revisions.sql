CREATE TABLE `revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`item_type` text NOT NULL,
	`item_id` text NOT NULL,
	`number` integer NOT NULL,
	`snapshot` text NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`saved_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `revisions_item_number_unique` ON `revisions` (`item_type`,`item_id`,`number`);