// Favorites service: plain functions taking plain values (filled in with the favorites issue).
export {};
