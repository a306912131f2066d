-- Full-text search over events (docs/decisions/061-event-search-with-fts5.md). Hand-written: drizzle-kit
-- does not model virtual tables or triggers, so db/schema.ts does not name this table.
-- Contentless (the text stays in events; the index keeps only terms), keyed on the events row's rowid;
-- the triggers below keep it in step with events and with the owning chapter's name.
CREATE VIRTUAL TABLE `events_search` USING fts5(
	`title`,
	`description`,
	`location`,
	`host`,
	`chapter`,
	content='',
	contentless_delete=1,
	tokenize='unicode61 remove_diacritics 2 categories ''L* N* Co M*''',
	prefix='2 3'
);
--> statement-breakpoint
INSERT INTO `events_search` (`rowid`, `title`, `description`, `location`, `host`, `chapter`)
	SELECT `events`.`rowid`, `events`.`title`, `events`.`description`, `events`.`location`, `events`.`host`,
		coalesce(`chapters`.`name`, '')
	FROM `events` LEFT JOIN `chapters` ON `chapters`.`id` = `events`.`owner_id`;
--> statement-breakpoint
CREATE TRIGGER `events_search_after_insert` AFTER INSERT ON `events` BEGIN
	INSERT INTO `events_search` (`rowid`, `title`, `description`, `location`, `host`, `chapter`)
	VALUES (new.`rowid`, new.`title`, new.`description`, new.`location`, new.`host`,
		coalesce((SELECT `name` FROM `chapters` WHERE `id` = new.`owner_id`), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `events_search_after_delete` AFTER DELETE ON `events` BEGIN
	DELETE FROM `events_search` WHERE `rowid` = old.`rowid`;
END;
--> statement-breakpoint
CREATE TRIGGER `events_search_after_update` AFTER UPDATE OF `title`, `description`, `location`, `host`, `owner_id` ON `events`
WHEN old.`title` IS NOT new.`title` OR old.`description` IS NOT new.`description`
	OR old.`location` IS NOT new.`location` OR old.`host` IS NOT new.`host`
	OR old.`owner_id` IS NOT new.`owner_id`
BEGIN
	DELETE FROM `events_search` WHERE `rowid` = old.`rowid`;
	INSERT INTO `events_search` (`rowid`, `title`, `description`, `location`, `host`, `chapter`)
	VALUES (new.`rowid`, new.`title`, new.`description`, new.`location`, new.`host`,
		coalesce((SELECT `name` FROM `chapters` WHERE `id` = new.`owner_id`), ''));
END;
--> statement-breakpoint
CREATE TRIGGER `events_search_after_chapter_rename` AFTER UPDATE OF `name` ON `chapters`
WHEN old.`name` IS NOT new.`name`
BEGIN
	DELETE FROM `events_search` WHERE `rowid` IN (SELECT `rowid` FROM `events` WHERE `owner_id` = new.`id`);
	INSERT INTO `events_search` (`rowid`, `title`, `description`, `location`, `host`, `chapter`)
		SELECT `rowid`, `title`, `description`, `location`, `host`, new.`name`
		FROM `events` WHERE `owner_id` = new.`id`;
END;
