CREATE TABLE `chat_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `chat_requests_user_at_idx` ON `chat_requests` (`user_id`,`at`);--> statement-breakpoint
CREATE INDEX `chat_requests_at_idx` ON `chat_requests` (`at`);
