CREATE TABLE `city_texts` (
	`city_id` integer PRIMARY KEY NOT NULL,
	`wikipedia_title` text,
	`wikipedia_url` text,
	`wikivoyage_title` text,
	`wikivoyage_url` text,
	`wikivoyage_byline` text,
	`wikivoyage_nearby` text,
	`wordnet_lemmas` text,
	`wordnet_gloss` text,
	`people` text,
	`seat` text
);
