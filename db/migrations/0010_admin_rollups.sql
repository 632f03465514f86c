-- Admin analytics rollups (docs/decisions/021-admin-metrics.md "Rollups"): the windowed figures read
-- these small tables instead of 14 days of activity rows. Kept by triggers on activities and sessions; rows of a
-- deleted user go with it (ON DELETE CASCADE, and the activity delete trigger takes them out of the hourly
-- tallies). The INSERTs at the end rebuild every rollup from the stored activities and sessions.
--
-- Chains: in admin_user_days, admin_user_city_hours and admin_user_state_hours every row keeps `prev_last`, the
-- last_at of the row before it for the same user (and city / state). The distinct users of a window [a, b) are
-- then a plain count of the rows in the window with prev_last < a (each user's first row in it).
-- Constants: 86400000 ms a day, 3600000 ms an hour, 2592000000 ms = SESSION_TTL_MS (a session's last use is
-- expires_at - SESSION_TTL_MS).
CREATE TABLE `admin_user_days` (
	`day` integer NOT NULL,
	`user_id` integer NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`prev_last` integer,
	PRIMARY KEY (`day`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `admin_user_days_chain_idx` ON `admin_user_days` (`user_id`, `day`);--> statement-breakpoint
CREATE TABLE `admin_activity_hours` (
	`hour` integer NOT NULL,
	`activity_type` text NOT NULL,
	`has_category` integer NOT NULL,
	`category_id` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY (`hour`, `activity_type`, `has_category`, `category_id`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `admin_user_city_hours` (
	`hour` integer NOT NULL,
	`user_id` integer NOT NULL,
	`state` text NOT NULL,
	`city_key` text NOT NULL,
	`name` text NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`n` integer NOT NULL,
	`prev_last` integer,
	PRIMARY KEY (`hour`, `user_id`, `state`, `city_key`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `admin_user_city_hours_chain_idx` ON `admin_user_city_hours` (`user_id`, `state`, `city_key`, `hour`);--> statement-breakpoint
CREATE TABLE `admin_user_state_hours` (
	`hour` integer NOT NULL,
	`user_id` integer NOT NULL,
	`state` text NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`n` integer NOT NULL,
	`prev_last` integer,
	PRIMARY KEY (`state`, `hour`, `user_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `admin_user_state_hours_chain_idx` ON `admin_user_state_hours` (`user_id`, `state`, `hour`);--> statement-breakpoint
CREATE TRIGGER `admin_rollups_activity_insert` AFTER INSERT ON `activities` BEGIN
	INSERT INTO `admin_user_days` (`day`, `user_id`, `first_at`, `last_at`, `prev_last`)
	VALUES (NEW.`created_at` / 86400000, NEW.`user_id`, NEW.`created_at`, NEW.`created_at`,
		(SELECT `last_at` FROM `admin_user_days` WHERE `user_id` = NEW.`user_id` AND `day` < NEW.`created_at` / 86400000 ORDER BY `day` DESC LIMIT 1))
	ON CONFLICT (`day`, `user_id`) DO UPDATE SET `first_at` = min(`first_at`, excluded.`first_at`), `last_at` = max(`last_at`, excluded.`last_at`);
	UPDATE `admin_user_days` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_days` p WHERE p.`user_id` = NEW.`user_id` AND p.`day` < `admin_user_days`.`day` ORDER BY p.`day` DESC LIMIT 1)
	WHERE `user_id` = NEW.`user_id` AND `day` = (SELECT min(`day`) FROM `admin_user_days` WHERE `user_id` = NEW.`user_id` AND `day` > NEW.`created_at` / 86400000);

	INSERT INTO `admin_activity_hours` (`hour`, `activity_type`, `has_category`, `category_id`, `n`)
	VALUES (NEW.`created_at` / 3600000, NEW.`activity_type`, NEW.`category_id` IS NOT NULL, coalesce(NEW.`category_id`, ''), 1)
	ON CONFLICT (`hour`, `activity_type`, `has_category`, `category_id`) DO UPDATE SET `n` = `n` + 1;

	INSERT INTO `admin_user_city_hours` (`hour`, `user_id`, `state`, `city_key`, `name`, `first_at`, `last_at`, `n`, `prev_last`)
	SELECT NEW.`created_at` / 3600000, NEW.`user_id`, coalesce(upper(NEW.`city_state`), ''), lower(NEW.`city_name`), NEW.`city_name`, NEW.`created_at`, NEW.`created_at`, 1,
		(SELECT `last_at` FROM `admin_user_city_hours` WHERE `user_id` = NEW.`user_id` AND `state` = coalesce(upper(NEW.`city_state`), '') AND `city_key` = lower(NEW.`city_name`)
			AND `hour` < NEW.`created_at` / 3600000 ORDER BY `hour` DESC LIMIT 1)
	WHERE NEW.`city_name` IS NOT NULL
	ON CONFLICT (`hour`, `user_id`, `state`, `city_key`) DO UPDATE SET `name` = min(`name`, excluded.`name`), `first_at` = min(`first_at`, excluded.`first_at`),
		`last_at` = max(`last_at`, excluded.`last_at`), `n` = `n` + 1;
	UPDATE `admin_user_city_hours` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_city_hours` p WHERE p.`user_id` = NEW.`user_id` AND p.`state` = `admin_user_city_hours`.`state`
			AND p.`city_key` = `admin_user_city_hours`.`city_key` AND p.`hour` < `admin_user_city_hours`.`hour` ORDER BY p.`hour` DESC LIMIT 1)
	WHERE NEW.`city_name` IS NOT NULL AND `user_id` = NEW.`user_id` AND `state` = coalesce(upper(NEW.`city_state`), '') AND `city_key` = lower(NEW.`city_name`)
		AND `hour` = (SELECT min(`hour`) FROM `admin_user_city_hours` WHERE `user_id` = NEW.`user_id` AND `state` = coalesce(upper(NEW.`city_state`), '')
			AND `city_key` = lower(NEW.`city_name`) AND `hour` > NEW.`created_at` / 3600000);

	INSERT INTO `admin_user_state_hours` (`hour`, `user_id`, `state`, `first_at`, `last_at`, `n`, `prev_last`)
	SELECT NEW.`created_at` / 3600000, NEW.`user_id`, upper(NEW.`city_state`), NEW.`created_at`, NEW.`created_at`, 1,
		(SELECT `last_at` FROM `admin_user_state_hours` WHERE `user_id` = NEW.`user_id` AND `state` = upper(NEW.`city_state`) AND `hour` < NEW.`created_at` / 3600000 ORDER BY `hour` DESC LIMIT 1)
	WHERE NEW.`city_state` IS NOT NULL
	ON CONFLICT (`hour`, `user_id`, `state`) DO UPDATE SET `first_at` = min(`first_at`, excluded.`first_at`), `last_at` = max(`last_at`, excluded.`last_at`), `n` = `n` + 1;
	UPDATE `admin_user_state_hours` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_state_hours` p WHERE p.`user_id` = NEW.`user_id` AND p.`state` = `admin_user_state_hours`.`state`
			AND p.`hour` < `admin_user_state_hours`.`hour` ORDER BY p.`hour` DESC LIMIT 1)
	WHERE NEW.`city_state` IS NOT NULL AND `user_id` = NEW.`user_id` AND `state` = upper(NEW.`city_state`)
		AND `hour` = (SELECT min(`hour`) FROM `admin_user_state_hours` WHERE `user_id` = NEW.`user_id` AND `state` = upper(NEW.`city_state`) AND `hour` > NEW.`created_at` / 3600000);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_rollups_activity_delete` AFTER DELETE ON `activities` BEGIN
	DELETE FROM `admin_user_days` WHERE `day` = OLD.`created_at` / 86400000 AND `user_id` = OLD.`user_id`;
	INSERT INTO `admin_user_days` (`day`, `user_id`, `first_at`, `last_at`, `prev_last`)
	SELECT OLD.`created_at` / 86400000, OLD.`user_id`, mn, mx,
		(SELECT `last_at` FROM `admin_user_days` WHERE `user_id` = OLD.`user_id` AND `day` < OLD.`created_at` / 86400000 ORDER BY `day` DESC LIMIT 1)
	FROM (SELECT min(t) AS mn, max(t) AS mx FROM (
		SELECT `created_at` AS t FROM `activities` WHERE `user_id` = OLD.`user_id`
			AND `created_at` >= OLD.`created_at` / 86400000 * 86400000 AND `created_at` < OLD.`created_at` / 86400000 * 86400000 + 86400000
		UNION ALL
		SELECT `expires_at` - 2592000000 FROM `sessions` WHERE `user_id` = OLD.`user_id`
			AND `expires_at` >= OLD.`created_at` / 86400000 * 86400000 + 2592000000 AND `expires_at` < OLD.`created_at` / 86400000 * 86400000 + 86400000 + 2592000000))
	WHERE mn IS NOT NULL AND EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
	UPDATE `admin_user_days` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_days` p WHERE p.`user_id` = OLD.`user_id` AND p.`day` < `admin_user_days`.`day` ORDER BY p.`day` DESC LIMIT 1)
	WHERE `user_id` = OLD.`user_id` AND `day` = (SELECT min(`day`) FROM `admin_user_days` WHERE `user_id` = OLD.`user_id` AND `day` > OLD.`created_at` / 86400000);

	UPDATE `admin_activity_hours` SET `n` = `n` - 1
	WHERE `hour` = OLD.`created_at` / 3600000 AND `activity_type` = OLD.`activity_type` AND `has_category` = (OLD.`category_id` IS NOT NULL) AND `category_id` = coalesce(OLD.`category_id`, '');
	DELETE FROM `admin_activity_hours` WHERE `hour` = OLD.`created_at` / 3600000 AND `n` <= 0;

	DELETE FROM `admin_user_city_hours` WHERE OLD.`city_name` IS NOT NULL AND `hour` = OLD.`created_at` / 3600000 AND `user_id` = OLD.`user_id`
		AND `state` = coalesce(upper(OLD.`city_state`), '') AND `city_key` = lower(OLD.`city_name`);
	INSERT INTO `admin_user_city_hours` (`hour`, `user_id`, `state`, `city_key`, `name`, `first_at`, `last_at`, `n`, `prev_last`)
	SELECT OLD.`created_at` / 3600000, OLD.`user_id`, coalesce(upper(OLD.`city_state`), ''), lower(OLD.`city_name`), nm, mn, mx, cnt,
		(SELECT `last_at` FROM `admin_user_city_hours` WHERE `user_id` = OLD.`user_id` AND `state` = coalesce(upper(OLD.`city_state`), '') AND `city_key` = lower(OLD.`city_name`)
			AND `hour` < OLD.`created_at` / 3600000 ORDER BY `hour` DESC LIMIT 1)
	FROM (SELECT min(`city_name`) AS nm, min(`created_at`) AS mn, max(`created_at`) AS mx, count(*) AS cnt FROM `activities`
		WHERE `user_id` = OLD.`user_id` AND `created_at` >= OLD.`created_at` / 3600000 * 3600000 AND `created_at` < OLD.`created_at` / 3600000 * 3600000 + 3600000
			AND `city_name` IS NOT NULL AND lower(`city_name`) = lower(OLD.`city_name`) AND coalesce(upper(`city_state`), '') = coalesce(upper(OLD.`city_state`), ''))
	WHERE OLD.`city_name` IS NOT NULL AND cnt > 0 AND EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
	UPDATE `admin_user_city_hours` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_city_hours` p WHERE p.`user_id` = OLD.`user_id` AND p.`state` = `admin_user_city_hours`.`state`
			AND p.`city_key` = `admin_user_city_hours`.`city_key` AND p.`hour` < `admin_user_city_hours`.`hour` ORDER BY p.`hour` DESC LIMIT 1)
	WHERE OLD.`city_name` IS NOT NULL AND `user_id` = OLD.`user_id` AND `state` = coalesce(upper(OLD.`city_state`), '') AND `city_key` = lower(OLD.`city_name`)
		AND `hour` = (SELECT min(`hour`) FROM `admin_user_city_hours` WHERE `user_id` = OLD.`user_id` AND `state` = coalesce(upper(OLD.`city_state`), '')
			AND `city_key` = lower(OLD.`city_name`) AND `hour` > OLD.`created_at` / 3600000);

	DELETE FROM `admin_user_state_hours` WHERE OLD.`city_state` IS NOT NULL AND `hour` = OLD.`created_at` / 3600000 AND `user_id` = OLD.`user_id` AND `state` = upper(OLD.`city_state`);
	INSERT INTO `admin_user_state_hours` (`hour`, `user_id`, `state`, `first_at`, `last_at`, `n`, `prev_last`)
	SELECT OLD.`created_at` / 3600000, OLD.`user_id`, upper(OLD.`city_state`), mn, mx, cnt,
		(SELECT `last_at` FROM `admin_user_state_hours` WHERE `user_id` = OLD.`user_id` AND `state` = upper(OLD.`city_state`) AND `hour` < OLD.`created_at` / 3600000 ORDER BY `hour` DESC LIMIT 1)
	FROM (SELECT min(`created_at`) AS mn, max(`created_at`) AS mx, count(*) AS cnt FROM `activities`
		WHERE `user_id` = OLD.`user_id` AND `created_at` >= OLD.`created_at` / 3600000 * 3600000 AND `created_at` < OLD.`created_at` / 3600000 * 3600000 + 3600000
			AND upper(`city_state`) = upper(OLD.`city_state`))
	WHERE OLD.`city_state` IS NOT NULL AND cnt > 0 AND EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
	UPDATE `admin_user_state_hours` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_state_hours` p WHERE p.`user_id` = OLD.`user_id` AND p.`state` = `admin_user_state_hours`.`state`
			AND p.`hour` < `admin_user_state_hours`.`hour` ORDER BY p.`hour` DESC LIMIT 1)
	WHERE OLD.`city_state` IS NOT NULL AND `user_id` = OLD.`user_id` AND `state` = upper(OLD.`city_state`)
		AND `hour` = (SELECT min(`hour`) FROM `admin_user_state_hours` WHERE `user_id` = OLD.`user_id` AND `state` = upper(OLD.`city_state`) AND `hour` > OLD.`created_at` / 3600000);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_rollups_session_insert` AFTER INSERT ON `sessions` BEGIN
	INSERT INTO `admin_user_days` (`day`, `user_id`, `first_at`, `last_at`, `prev_last`)
	SELECT (NEW.`expires_at` - 2592000000) / 86400000, NEW.`user_id`, NEW.`expires_at` - 2592000000, NEW.`expires_at` - 2592000000,
		(SELECT `last_at` FROM `admin_user_days` WHERE `user_id` = NEW.`user_id` AND `day` < (NEW.`expires_at` - 2592000000) / 86400000 ORDER BY `day` DESC LIMIT 1)
	WHERE NEW.`expires_at` >= 2592000000
	ON CONFLICT (`day`, `user_id`) DO UPDATE SET `first_at` = min(`first_at`, excluded.`first_at`), `last_at` = max(`last_at`, excluded.`last_at`);
	UPDATE `admin_user_days` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_days` p WHERE p.`user_id` = NEW.`user_id` AND p.`day` < `admin_user_days`.`day` ORDER BY p.`day` DESC LIMIT 1)
	WHERE `user_id` = NEW.`user_id` AND `day` = (SELECT min(`day`) FROM `admin_user_days` WHERE `user_id` = NEW.`user_id` AND `day` > (NEW.`expires_at` - 2592000000) / 86400000);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_rollups_session_update` AFTER UPDATE OF `expires_at`, `user_id` ON `sessions` BEGIN
	DELETE FROM `admin_user_days` WHERE `day` = (OLD.`expires_at` - 2592000000) / 86400000 AND `user_id` = OLD.`user_id`;
	INSERT INTO `admin_user_days` (`day`, `user_id`, `first_at`, `last_at`, `prev_last`)
	SELECT (OLD.`expires_at` - 2592000000) / 86400000, OLD.`user_id`, mn, mx,
		(SELECT `last_at` FROM `admin_user_days` WHERE `user_id` = OLD.`user_id` AND `day` < (OLD.`expires_at` - 2592000000) / 86400000 ORDER BY `day` DESC LIMIT 1)
	FROM (SELECT min(t) AS mn, max(t) AS mx FROM (
		SELECT `created_at` AS t FROM `activities` WHERE `user_id` = OLD.`user_id`
			AND `created_at` >= (OLD.`expires_at` - 2592000000) / 86400000 * 86400000 AND `created_at` < (OLD.`expires_at` - 2592000000) / 86400000 * 86400000 + 86400000
		UNION ALL
		SELECT `expires_at` - 2592000000 FROM `sessions` WHERE `user_id` = OLD.`user_id`
			AND `expires_at` >= (OLD.`expires_at` - 2592000000) / 86400000 * 86400000 + 2592000000
			AND `expires_at` < (OLD.`expires_at` - 2592000000) / 86400000 * 86400000 + 86400000 + 2592000000))
	WHERE mn IS NOT NULL AND EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
	UPDATE `admin_user_days` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_days` p WHERE p.`user_id` = OLD.`user_id` AND p.`day` < `admin_user_days`.`day` ORDER BY p.`day` DESC LIMIT 1)
	WHERE `user_id` = OLD.`user_id` AND `day` = (SELECT min(`day`) FROM `admin_user_days` WHERE `user_id` = OLD.`user_id` AND `day` > (OLD.`expires_at` - 2592000000) / 86400000);

	INSERT INTO `admin_user_days` (`day`, `user_id`, `first_at`, `last_at`, `prev_last`)
	SELECT (NEW.`expires_at` - 2592000000) / 86400000, NEW.`user_id`, NEW.`expires_at` - 2592000000, NEW.`expires_at` - 2592000000,
		(SELECT `last_at` FROM `admin_user_days` WHERE `user_id` = NEW.`user_id` AND `day` < (NEW.`expires_at` - 2592000000) / 86400000 ORDER BY `day` DESC LIMIT 1)
	WHERE NEW.`expires_at` >= 2592000000
	ON CONFLICT (`day`, `user_id`) DO UPDATE SET `first_at` = min(`first_at`, excluded.`first_at`), `last_at` = max(`last_at`, excluded.`last_at`);
	UPDATE `admin_user_days` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_days` p WHERE p.`user_id` = NEW.`user_id` AND p.`day` < `admin_user_days`.`day` ORDER BY p.`day` DESC LIMIT 1)
	WHERE `user_id` = NEW.`user_id` AND `day` = (SELECT min(`day`) FROM `admin_user_days` WHERE `user_id` = NEW.`user_id` AND `day` > (NEW.`expires_at` - 2592000000) / 86400000);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_rollups_session_delete` AFTER DELETE ON `sessions` BEGIN
	DELETE FROM `admin_user_days` WHERE `day` = (OLD.`expires_at` - 2592000000) / 86400000 AND `user_id` = OLD.`user_id`;
	INSERT INTO `admin_user_days` (`day`, `user_id`, `first_at`, `last_at`, `prev_last`)
	SELECT (OLD.`expires_at` - 2592000000) / 86400000, OLD.`user_id`, mn, mx,
		(SELECT `last_at` FROM `admin_user_days` WHERE `user_id` = OLD.`user_id` AND `day` < (OLD.`expires_at` - 2592000000) / 86400000 ORDER BY `day` DESC LIMIT 1)
	FROM (SELECT min(t) AS mn, max(t) AS mx FROM (
		SELECT `created_at` AS t FROM `activities` WHERE `user_id` = OLD.`user_id`
			AND `created_at` >= (OLD.`expires_at` - 2592000000) / 86400000 * 86400000 AND `created_at` < (OLD.`expires_at` - 2592000000) / 86400000 * 86400000 + 86400000
		UNION ALL
		SELECT `expires_at` - 2592000000 FROM `sessions` WHERE `user_id` = OLD.`user_id`
			AND `expires_at` >= (OLD.`expires_at` - 2592000000) / 86400000 * 86400000 + 2592000000
			AND `expires_at` < (OLD.`expires_at` - 2592000000) / 86400000 * 86400000 + 86400000 + 2592000000))
	WHERE mn IS NOT NULL AND EXISTS (SELECT 1 FROM `users` WHERE `id` = OLD.`user_id`);
	UPDATE `admin_user_days` SET `prev_last` = (SELECT p.`last_at` FROM `admin_user_days` p WHERE p.`user_id` = OLD.`user_id` AND p.`day` < `admin_user_days`.`day` ORDER BY p.`day` DESC LIMIT 1)
	WHERE `user_id` = OLD.`user_id` AND `day` = (SELECT min(`day`) FROM `admin_user_days` WHERE `user_id` = OLD.`user_id` AND `day` > (OLD.`expires_at` - 2592000000) / 86400000);
END;
--> statement-breakpoint
-- Rebuild (backfill): every rollup from the stored activities and sessions, chains linked with lag().
DELETE FROM `admin_user_days`;
--> statement-breakpoint
INSERT INTO `admin_user_days` (`day`, `user_id`, `first_at`, `last_at`, `prev_last`)
SELECT `day`, `user_id`, mn, mx, lag(mx) OVER (PARTITION BY `user_id` ORDER BY `day`)
FROM (SELECT t / 86400000 AS `day`, `user_id`, min(t) AS mn, max(t) AS mx FROM (
	SELECT `user_id`, `created_at` AS t FROM `activities`
	UNION ALL
	SELECT `user_id`, `expires_at` - 2592000000 FROM `sessions` WHERE `expires_at` >= 2592000000
) GROUP BY 1, 2);
--> statement-breakpoint
DELETE FROM `admin_activity_hours`;
--> statement-breakpoint
INSERT INTO `admin_activity_hours` (`hour`, `activity_type`, `has_category`, `category_id`, `n`)
SELECT `created_at` / 3600000, `activity_type`, `category_id` IS NOT NULL, coalesce(`category_id`, ''), count(*) FROM `activities` GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
DELETE FROM `admin_user_city_hours`;
--> statement-breakpoint
INSERT INTO `admin_user_city_hours` (`hour`, `user_id`, `state`, `city_key`, `name`, `first_at`, `last_at`, `n`, `prev_last`)
SELECT `hour`, `user_id`, `state`, `city_key`, nm, mn, mx, cnt, lag(mx) OVER (PARTITION BY `user_id`, `state`, `city_key` ORDER BY `hour`)
FROM (SELECT `created_at` / 3600000 AS `hour`, `user_id`, coalesce(upper(`city_state`), '') AS `state`, lower(`city_name`) AS `city_key`,
		min(`city_name`) AS nm, min(`created_at`) AS mn, max(`created_at`) AS mx, count(*) AS cnt
	FROM `activities` WHERE `city_name` IS NOT NULL GROUP BY 1, 2, 3, 4);
--> statement-breakpoint
DELETE FROM `admin_user_state_hours`;
--> statement-breakpoint
INSERT INTO `admin_user_state_hours` (`hour`, `user_id`, `state`, `first_at`, `last_at`, `n`, `prev_last`)
SELECT `hour`, `user_id`, `state`, mn, mx, cnt, lag(mx) OVER (PARTITION BY `user_id`, `state` ORDER BY `hour`)
FROM (SELECT `created_at` / 3600000 AS `hour`, `user_id`, upper(`city_state`) AS `state`, min(`created_at`) AS mn, max(`created_at`) AS mx, count(*) AS cnt
	FROM `activities` WHERE `city_state` IS NOT NULL GROUP BY 1, 2, 3);
