-- Place search by title through a trigram index (modules/places/search.ts): an external-content FTS5 table over
-- places.title, kept in sync by triggers as the R*Tree is. A search then reads the titles that match, not every
-- title of a city's window.
CREATE VIRTUAL TABLE `places_fts` USING fts5(`title`, content='places', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `places_fts` (`places_fts`) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `places_fts_insert` AFTER INSERT ON `places` BEGIN
  INSERT INTO places_fts (rowid, title) VALUES (new.id, new.title);
END;
--> statement-breakpoint
CREATE TRIGGER `places_fts_update` AFTER UPDATE OF title ON `places` BEGIN
  INSERT INTO places_fts (places_fts, rowid, title) VALUES ('delete', old.id, old.title);
  INSERT INTO places_fts (rowid, title) VALUES (new.id, new.title);
END;
--> statement-breakpoint
CREATE TRIGGER `places_fts_delete` AFTER DELETE ON `places` BEGIN
  INSERT INTO places_fts (places_fts, rowid, title) VALUES ('delete', old.id, old.title);
END;
--> statement-breakpoint
-- The daily salt of the sign-in limit keys (modules/auth/service.ts): an unsalted hash of an address is
-- reversed by hashing every address. Today's and yesterday's are kept.
CREATE TABLE `auth_salts` (
	`day` integer PRIMARY KEY NOT NULL,
	`salt` text NOT NULL
);
