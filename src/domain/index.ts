/**
 * The pure domain leaf: facts about the product's vocabulary that the client (ui/), the importers (db/) and
 * the server modules (modules/) all share. No I/O, no server-only imports: anything here may ship to the browser.
 */
export * from "./states";
export * from "./categories";
export * from "./location";
export * from "./accounts";
export * from "./lists";
export * from "./numbers";
