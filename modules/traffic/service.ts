// Traffic service: plain functions taking plain values (filled in with the traffic issue).
export {};
