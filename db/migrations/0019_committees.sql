CREATE TABLE `committees` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`year` integer NOT NULL,
	`title` text NOT NULL,
	`status` text NOT NULL,
	`intro` text,
	`groups` text NOT NULL,
	`members` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `committees_kind_year_unique` ON `committees` (`kind`,`year`);