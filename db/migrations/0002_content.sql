CREATE TABLE `content_cache` (
	`city_key` text NOT NULL,
	`kind` text NOT NULL,
	`provider` text NOT NULL,
	`item_key` text NOT NULL,
	`position` integer NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`city_key`, `kind`, `provider`, `item_key`)
);
--> statement-breakpoint
CREATE TABLE `content_shown` (
	`user_id` integer NOT NULL,
	`city_key` text NOT NULL,
	`kind` text NOT NULL,
	`item_key` text NOT NULL,
	`shown_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `city_key`, `kind`, `item_key`)
);
--> statement-breakpoint
CREATE TABLE `overpass_fetches` (
	`city_key` text PRIMARY KEY NOT NULL,
	`status` text NOT NULL,
	`places` integer NOT NULL,
	`message` text,
	`fetched_at` integer NOT NULL
);
