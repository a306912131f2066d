CREATE INDEX `accounts_role_name_idx` ON `accounts` (`role`,name COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `events_title_idx` ON `events` (title COLLATE NOCASE);