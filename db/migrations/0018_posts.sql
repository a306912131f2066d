CREATE TABLE `post_slugs` (
	`slug` text PRIMARY KEY NOT NULL,
	`post_id` text NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `posts` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`slug` text NOT NULL,
	`summary` text NOT NULL,
	`body` text NOT NULL,
	`banner` text DEFAULT '' NOT NULL,
	`author_id` text,
	`author_name` text NOT NULL,
	`chapter_id` text,
	`status` text NOT NULL,
	`publish_at` integer,
	`published_at` integer,
	`submitted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`chapter_id`) REFERENCES `chapters`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `posts_slug_unique` ON `posts` (`slug`);--> statement-breakpoint
CREATE INDEX `posts_status_published_idx` ON `posts` (`status`,`published_at`,`id`);--> statement-breakpoint
CREATE INDEX `posts_status_publish_at_idx` ON `posts` (`status`,`publish_at`);--> statement-breakpoint
CREATE INDEX `posts_chapter_idx` ON `posts` (`chapter_id`,`updated_at`,`id`);