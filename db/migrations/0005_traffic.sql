CREATE TABLE `traffic_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`method` text NOT NULL,
	`path` text NOT NULL,
	`status` integer NOT NULL,
	`duration_ms` real NOT NULL,
	`user_agent` text NOT NULL,
	`device` text NOT NULL,
	`country` text NOT NULL,
	`ip` text,
	`visitor` text NOT NULL,
	`user_id` integer,
	`bot` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `traffic_log_at_idx` ON `traffic_log` (`at`);--> statement-breakpoint
CREATE TABLE `traffic_hourly` (
	`hour` integer PRIMARY KEY NOT NULL,
	`requests` integer NOT NULL,
	`bots` integer NOT NULL,
	`errors` integer NOT NULL,
	`duration_ms` real NOT NULL
);
--> statement-breakpoint
CREATE TABLE `traffic_pages` (
	`hour` integer NOT NULL,
	`path` text NOT NULL,
	`requests` integer NOT NULL,
	PRIMARY KEY(`hour`, `path`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `traffic_countries` (
	`hour` integer NOT NULL,
	`country` text NOT NULL,
	`requests` integer NOT NULL,
	PRIMARY KEY(`hour`, `country`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `traffic_pages_daily` (
	`day` integer NOT NULL,
	`path` text NOT NULL,
	`requests` integer NOT NULL,
	PRIMARY KEY(`day`, `path`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `traffic_countries_daily` (
	`day` integer NOT NULL,
	`country` text NOT NULL,
	`requests` integer NOT NULL,
	PRIMARY KEY(`day`, `country`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE TABLE `traffic_pages_total` (
	`path` text PRIMARY KEY NOT NULL,
	`requests` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `traffic_countries_total` (
	`country` text PRIMARY KEY NOT NULL,
	`requests` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `traffic_visitors` (
	`day` integer NOT NULL,
	`visitor` text NOT NULL,
	`hour` integer NOT NULL,
	PRIMARY KEY(`day`, `visitor`)
) WITHOUT ROWID;
--> statement-breakpoint
CREATE INDEX `traffic_visitors_hour_idx` ON `traffic_visitors` (`hour`);--> statement-breakpoint
CREATE TABLE `traffic_salts` (
	`day` integer PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
