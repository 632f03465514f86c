// Traffic valibot schemas (filled in with the traffic issue).
export {};
