// Favorites valibot schemas (filled in with the favorites issue).
export {};
