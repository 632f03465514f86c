import { expect, test } from "bun:test";
import { whenNotBusy } from "./client";

const busy = () => Object.assign(new Error("SQLITE_BUSY: database is locked"), { code: "SQLITE_BUSY" });

test("a write that meets another process's lock (SQLITE_BUSY) is run again and succeeds", async () => {
  let calls = 0;
  const result = await whenNotBusy(async () => {
    if (++calls < 3) throw busy();
    return "written";
  });
  expect(result).toBe("written");
  expect(calls).toBe(3);
});

test("any other failure is thrown at once, without a retry", async () => {
  let calls = 0;
  const failing = whenNotBusy(async () => {
    calls++;
    throw new Error("SQLITE_CONSTRAINT: UNIQUE constraint failed");
  });
  await expect(failing).rejects.toThrow("UNIQUE constraint failed");
  expect(calls).toBe(1);
});
