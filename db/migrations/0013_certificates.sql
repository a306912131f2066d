CREATE TABLE `certificate_jobs` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`registration_id` text NOT NULL,
	`template_id` text NOT NULL,
	`role` text NOT NULL,
	`place` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`done_at` integer,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`template_id`) REFERENCES `certificate_templates`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `certificate_jobs_status_idx` ON `certificate_jobs` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `certificate_jobs_event_idx` ON `certificate_jobs` (`event_id`,`status`);--> statement-breakpoint
CREATE TABLE `certificate_templates` (
	`id` text PRIMARY KEY NOT NULL,
	`chapter_id` text,
	`name` text NOT NULL,
	`design` text NOT NULL,
	`uploads` text DEFAULT '[]' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`chapter_id`) REFERENCES `chapters`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `certificate_templates_chapter_idx` ON `certificate_templates` (`chapter_id`,`name`);--> statement-breakpoint
CREATE TABLE `certificates` (
	`id` text PRIMARY KEY NOT NULL,
	`serial` text NOT NULL,
	`event_id` text NOT NULL,
	`registration_id` text,
	`template_id` text,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`place` text DEFAULT '' NOT NULL,
	`event_title` text NOT NULL,
	`event_date` text NOT NULL,
	`chapter_name` text NOT NULL,
	`logo` text DEFAULT '' NOT NULL,
	`design` text NOT NULL,
	`uploads` text DEFAULT '[]' NOT NULL,
	`issued_at` integer NOT NULL,
	`revoked_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`template_id`) REFERENCES `certificate_templates`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_serial_unique` ON `certificates` (`serial`);--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_registration_unique` ON `certificates` (`registration_id`);--> statement-breakpoint
CREATE INDEX `certificates_event_idx` ON `certificates` (`event_id`,`name`);