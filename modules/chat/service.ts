// Chat service: plain functions taking plain values (filled in with the chat issue).
export {};
