// Admin service: plain functions taking plain values (filled in with the admin issue).
export {};
