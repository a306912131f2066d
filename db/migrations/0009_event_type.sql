ALTER TABLE `events` ADD `type` text;--> statement-breakpoint
CREATE INDEX `events_type_date_idx` ON `events` (`type`,`event_date`,`start_time`,`id`);--> statement-breakpoint
-- Events made before types existed get the type their title names, if any (an officer can change it).
UPDATE `events` SET `type` = CASE
  WHEN lower(`title`) LIKE '%workshop%' THEN 'Workshop'
  WHEN lower(`title`) LIKE '%webinar%' THEN 'Webinar'
  WHEN lower(`title`) LIKE '%seminar%' THEN 'Seminar'
  WHEN lower(`title`) LIKE '%hackathon%' OR lower(`title`) LIKE '%contest%' OR lower(`title`) LIKE '%competition%' THEN 'Competition'
  WHEN lower(`title`) LIKE '%meetup%' OR lower(`title`) LIKE '%meet-up%' THEN 'Meetup'
END WHERE `type` IS NULL;
