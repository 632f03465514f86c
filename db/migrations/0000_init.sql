CREATE TABLE `cities` (
	`id` integer PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`name_ascii` text NOT NULL,
	`state_code` text NOT NULL,
	`state_name` text NOT NULL,
	`county_fips` text NOT NULL,
	`county_name` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`population` integer NOT NULL,
	`density` real NOT NULL,
	`incorporated` integer NOT NULL,
	`timezone` text NOT NULL,
	`ranking` integer NOT NULL,
	`zips` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `cities_state_name_idx` ON `cities` (`state_code`,`name`);--> statement-breakpoint
CREATE INDEX `cities_name_idx` ON `cities` (`name`);--> statement-breakpoint
CREATE TABLE `data_imports` (
	`dataset` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL,
	`rows` integer NOT NULL,
	`imported_at` integer NOT NULL
);
