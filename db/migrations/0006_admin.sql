-- Admin panel (docs/decisions/021-admin-metrics.md): a per-user rollup kept by triggers so the
-- users table sorts by favorites/activities/last activity without counting 2,000,000 rows, covering indexes
-- for the windowed analytics, and the precomputed data-health summary per state.
CREATE TABLE `admin_user_stats` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`activities_count` integer DEFAULT 0 NOT NULL,
	`favorites_count` integer DEFAULT 0 NOT NULL,
	`last_activity` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `admin_user_stats_activities_idx` ON `admin_user_stats` (`activities_count`,`user_id`);--> statement-breakpoint
CREATE INDEX `admin_user_stats_favorites_idx` ON `admin_user_stats` (`favorites_count`,`user_id`);--> statement-breakpoint
CREATE INDEX `admin_user_stats_last_idx` ON `admin_user_stats` (`last_activity`,`user_id`);--> statement-breakpoint
CREATE INDEX `users_created_idx` ON `users` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_guest_created_idx` ON `users` (`is_guest`,`created_at`);--> statement-breakpoint
CREATE INDEX `users_guest_username_idx` ON `users` (`is_guest`,`username` COLLATE NOCASE);--> statement-breakpoint
CREATE INDEX `users_guest_email_idx` ON `users` (`is_guest`,`email`);--> statement-breakpoint
CREATE INDEX `users_guest_search_idx` ON `users` (`is_guest`,`username`,`email`);--> statement-breakpoint
CREATE INDEX `activities_created_cover_idx` ON `activities` (`created_at`,`user_id`,`activity_type`,`city_state`,`city_name`,`category_id`);--> statement-breakpoint
CREATE INDEX `places_state_city_idx` ON `places` (`state_code`,`city` COLLATE NOCASE);--> statement-breakpoint
CREATE TABLE `admin_data_health` (
	`state_code` text PRIMARY KEY NOT NULL,
	`fingerprint` text NOT NULL,
	`payload` text NOT NULL,
	`computed_at` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `admin_user_stats` (`user_id`, `activities_count`, `favorites_count`, `last_activity`)
SELECT u.`id`,
	(SELECT count(*) FROM `activities` a WHERE a.`user_id` = u.`id`),
	(SELECT count(*) FROM `favorites` f WHERE f.`user_id` = u.`id`),
	(SELECT max(a.`created_at`) FROM `activities` a WHERE a.`user_id` = u.`id`)
FROM `users` u;
--> statement-breakpoint
CREATE TRIGGER `admin_user_stats_user_insert` AFTER INSERT ON `users` BEGIN
	INSERT OR IGNORE INTO `admin_user_stats` (`user_id`) VALUES (NEW.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_user_stats_activity_insert` AFTER INSERT ON `activities` BEGIN
	INSERT INTO `admin_user_stats` (`user_id`, `activities_count`, `last_activity`) VALUES (NEW.`user_id`, 1, NEW.`created_at`)
	ON CONFLICT (`user_id`) DO UPDATE SET `activities_count` = `activities_count` + 1,
		`last_activity` = max(coalesce(`last_activity`, 0), excluded.`last_activity`);
END;
--> statement-breakpoint
CREATE TRIGGER `admin_user_stats_activity_delete` AFTER DELETE ON `activities` BEGIN
	UPDATE `admin_user_stats` SET `activities_count` = max(`activities_count` - 1, 0),
		`last_activity` = (SELECT max(`created_at`) FROM `activities` WHERE `user_id` = OLD.`user_id`)
	WHERE `user_id` = OLD.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_user_stats_favorite_insert` AFTER INSERT ON `favorites` BEGIN
	INSERT INTO `admin_user_stats` (`user_id`, `favorites_count`) VALUES (NEW.`user_id`, 1)
	ON CONFLICT (`user_id`) DO UPDATE SET `favorites_count` = `favorites_count` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `admin_user_stats_favorite_delete` AFTER DELETE ON `favorites` BEGIN
	UPDATE `admin_user_stats` SET `favorites_count` = max(`favorites_count` - 1, 0) WHERE `user_id` = OLD.`user_id`;
END;
