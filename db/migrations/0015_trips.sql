-- Trips (modules/trips): a trip of one user, its days in order and each day's stops (real places) in order.
-- share_token is the read-only link's secret (null when not shared); shared_at stays once a trip was shared,
-- for the admin's engagement counts.
CREATE TABLE `trips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL REFERENCES `users`(`id`) ON DELETE cascade,
	`title` text NOT NULL,
	`city` text NOT NULL,
	`start_date` text,
	`share_token` text,
	`shared_at` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `trips_user_idx` ON `trips` (`user_id`, `updated_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `trips_share_token_idx` ON `trips` (`share_token`);
--> statement-breakpoint
CREATE INDEX `trips_created_idx` ON `trips` (`created_at`);
--> statement-breakpoint
CREATE TABLE `trip_days` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trip_id` integer NOT NULL REFERENCES `trips`(`id`) ON DELETE cascade,
	`position` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `trip_days_trip_idx` ON `trip_days` (`trip_id`, `position`);
--> statement-breakpoint
CREATE TABLE `trip_stops` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`trip_id` integer NOT NULL REFERENCES `trips`(`id`) ON DELETE cascade,
	`day_id` integer NOT NULL REFERENCES `trip_days`(`id`) ON DELETE cascade,
	`place_id` integer NOT NULL,
	`position` integer NOT NULL,
	`note` text,
	`time` text
);
--> statement-breakpoint
CREATE INDEX `trip_stops_day_idx` ON `trip_stops` (`day_id`, `position`);
--> statement-breakpoint
CREATE INDEX `trip_stops_trip_idx` ON `trip_stops` (`trip_id`);
