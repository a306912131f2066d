CREATE TABLE `check_in_scans` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`registration_id` text NOT NULL,
	`scan_id` text,
	`outcome` text NOT NULL,
	`answer_status` integer NOT NULL,
	`answer` text NOT NULL,
	`principal_id` text NOT NULL,
	`principal_name` text NOT NULL,
	`scanned_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`registration_id`) REFERENCES `registrations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `check_in_scans_scan_unique` ON `check_in_scans` (`event_id`,`scan_id`) WHERE scan_id is not null;--> statement-breakpoint
CREATE INDEX `check_in_scans_registration_idx` ON `check_in_scans` (`registration_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `check_in_scans_event_outcome_idx` ON `check_in_scans` (`event_id`,`outcome`);--> statement-breakpoint
CREATE TABLE `door_links` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`label` text NOT NULL,
	`token_hash` text NOT NULL,
	`pin_hash` text NOT NULL,
	`created_by_id` text,
	`created_by_name` text NOT NULL,
	`expires_at` integer NOT NULL,
	`revoked_at` integer,
	`last_used_at` integer,
	`failed_pins` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `door_links_token_unique` ON `door_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `door_links_event_idx` ON `door_links` (`event_id`,`created_at`);