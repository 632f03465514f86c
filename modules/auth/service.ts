// Auth service: plain functions taking plain values (filled in with the auth issue).
export {};
