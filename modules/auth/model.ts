// Auth valibot schemas (filled in with the auth issue).
export {};
