// Chat valibot schemas (filled in with the chat issue).
export {};
