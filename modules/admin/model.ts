// Admin valibot schemas (filled in with the admin issue).
export {};
