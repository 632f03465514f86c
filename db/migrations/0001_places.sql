CREATE TABLE `place_sources` (
	`source` text NOT NULL,
	`source_id` text NOT NULL,
	`place_id` integer NOT NULL,
	`licence` text NOT NULL,
	PRIMARY KEY(`source`, `source_id`),
	FOREIGN KEY (`place_id`) REFERENCES `places`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `place_sources_place_idx` ON `place_sources` (`place_id`);--> statement-breakpoint
CREATE TABLE `places` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`source` text NOT NULL,
	`source_id` text NOT NULL,
	`licence` text NOT NULL,
	`sources` text NOT NULL,
	`category_id` integer NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`title_key` text NOT NULL,
	`description` text,
	`address` text,
	`city` text,
	`state_code` text NOT NULL,
	`zip` text,
	`phone` text,
	`website` text,
	`opening_hours` text,
	`wikidata` text,
	`image_url` text,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`amenities` text,
	`price_range` text,
	`since` text,
	`tags` text,
	`quality` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `places_state_category_idx` ON `places` (`state_code`,`category_id`);--> statement-breakpoint
CREATE INDEX `places_title_key_idx` ON `places` (`title_key`);--> statement-breakpoint
CREATE VIRTUAL TABLE `places_rtree` USING rtree(`id`, `min_lat`, `max_lat`, `min_lng`, `max_lng`);--> statement-breakpoint
CREATE TRIGGER `places_rtree_insert` AFTER INSERT ON `places` BEGIN
  INSERT INTO places_rtree (id, min_lat, max_lat, min_lng, max_lng) VALUES (new.id, new.latitude, new.latitude, new.longitude, new.longitude);
END;--> statement-breakpoint
CREATE TRIGGER `places_rtree_update` AFTER UPDATE OF latitude, longitude ON `places` BEGIN
  UPDATE places_rtree SET min_lat = new.latitude, max_lat = new.latitude, min_lng = new.longitude, max_lng = new.longitude WHERE id = new.id;
END;--> statement-breakpoint
CREATE TRIGGER `places_rtree_delete` AFTER DELETE ON `places` BEGIN
  DELETE FROM places_rtree WHERE id = old.id;
END;
