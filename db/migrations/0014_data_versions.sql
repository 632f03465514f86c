-- One row per state whose places changed: `version` grows with every import or refresh of the state (by
-- any process), so every running server notices by polling this small table and drops that state's caches
-- (docs/decisions/054-a-refresh-shows-at-once.md).
CREATE TABLE `data_versions` (
	`state_code` text PRIMARY KEY NOT NULL,
	`version` integer NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `data_versions_version_idx` ON `data_versions` (`version`);
