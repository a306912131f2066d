CREATE TABLE `site_texts` (
	`id` text PRIMARY KEY NOT NULL,
	`texts` text NOT NULL,
	`updated_at` integer NOT NULL
);
