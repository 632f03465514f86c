-- Place search by title through a trigram index (modules/places/search.ts): an FTS5 table of every place's title
-- with its coordinates (stored, not indexed: a search reads a match's position without reading its place row),
-- kept in sync by triggers as the R*Tree is. A search then reads the titles that match, not every title of a
-- city's window.
CREATE VIRTUAL TABLE `places_fts` USING fts5(`title`, `latitude` UNINDEXED, `longitude` UNINDEXED, tokenize='trigram');
--> statement-breakpoint
INSERT INTO `places_fts` (rowid, title, latitude, longitude) SELECT id, title, latitude, longitude FROM places;
--> statement-breakpoint
CREATE TRIGGER `places_fts_insert` AFTER INSERT ON `places` BEGIN
  INSERT INTO places_fts (rowid, title, latitude, longitude) VALUES (new.id, new.title, new.latitude, new.longitude);
END;
--> statement-breakpoint
CREATE TRIGGER `places_fts_update` AFTER UPDATE OF title, latitude, longitude ON `places` BEGIN
  UPDATE places_fts SET title = new.title, latitude = new.latitude, longitude = new.longitude WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `places_fts_delete` AFTER DELETE ON `places` BEGIN
  DELETE FROM places_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
-- The daily salt of the sign-in limit keys (modules/auth/service.ts): an unsalted hash of an address is
-- reversed by hashing every address. Today's and yesterday's are kept.
CREATE TABLE `auth_salts` (
	`day` integer PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
