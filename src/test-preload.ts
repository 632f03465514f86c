// Loaded before every bun test file (bunfig.toml).
import { afterAll } from "bun:test";
import { removeTestDirs } from "../db/testing-template";

process.env.NODE_ENV ??= "test";

// The temporary folders the tests made (db/testing-template.ts testDir) go once their file has run: bun runs a
// preload's afterAll after each file under `--parallel` (npm test), after the last file otherwise.
afterAll(removeTestDirs);
