CREATE TABLE `admin_claims` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`claimed_at` integer NOT NULL,
	`via` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `admin_setup_codes` (
	`code_hash` text PRIMARY KEY NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sign_in_failures` (
	`pair_hash` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`last_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `health_probe` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
