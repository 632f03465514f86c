-- The request log stored as one row per written batch (docs/decisions/022-traffic-log.md, "Cost"): one
-- SQLite row per request cost the writer ~7-10 µs of CPU a request. Entry ids stay contiguous and are
-- never reused: a segment's entries are id .. id + count - 1; traffic_log_ids holds the next id.
CREATE TABLE `traffic_segments` (
	`id` integer PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`first_at` integer NOT NULL,
	`last_at` integer NOT NULL,
	`data` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `traffic_segments_last_at_idx` ON `traffic_segments` (`last_at`);
--> statement-breakpoint
CREATE TABLE `traffic_log_ids` (
	`next` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `traffic_log_ids` (`next`) SELECT max(coalesce((SELECT max(`id`) FROM `traffic_log`), 0), coalesce((SELECT `seq` FROM `sqlite_sequence` WHERE `name` = 'traffic_log'), 0)) + 1;
--> statement-breakpoint
-- Rows already logged become one-entry segments (same ids, same fields).
INSERT INTO `traffic_segments` (`id`, `count`, `first_at`, `last_at`, `data`)
SELECT `id`, 1, `at`, `at`, json_object(
	't0', `at`, 'at', json_array(0), 'ms', json_array(`duration_ms`), 'status', json_array(`status`), 'user', json_array(`user_id`),
	'm', json_array(0), 'p', json_array(0), 'a', json_array(0), 'i', json_array(0), 'v', json_array(0),
	'methods', json_array(`method`), 'paths', json_array(`path`), 'agents', json_array(`user_agent`), 'devices', json_array(`device`),
	'bots', json_array(`bot`), 'ips', json_array(`ip`), 'countries', json_array(`country`), 'visitors', json_array(`visitor`)
) FROM `traffic_log`;
--> statement-breakpoint
DROP TABLE `traffic_log`;
