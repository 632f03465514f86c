-- docs/decisions/023-places-a-traveller-wants.md: every place's dataset date, its notability and its chain brand (computed at import).
ALTER TABLE `places` ADD `observed_at` text;--> statement-breakpoint
ALTER TABLE `places` ADD `notability` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `places` ADD `brand` text;--> statement-breakpoint
-- Re-import every state with the new filters, dedupe and signals on next use.
DELETE FROM `data_imports` WHERE `dataset` LIKE 'places:%';
