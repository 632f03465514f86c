import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";

/** The calling thread's nice value (field 19 of its stat line; the name before it is in parentheses). */
const niceOf = (stat: string) => Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);

test("a thread that lowers its priority runs 10 nice steps below the thread that started it, which keeps its own", async () => {
  const before = niceOf(readFileSync("/proc/thread-self/stat", "utf8"));
  const source = `
    import { lowerThreadPriority } from ${JSON.stringify(`${import.meta.dir}/thread-priority.ts`)};
    import { readFileSync } from "node:fs";
    const done = lowerThreadPriority();
    postMessage({ done, stat: readFileSync("/proc/thread-self/stat", "utf8") });
  `;
  const worker = new Worker(URL.createObjectURL(new Blob([source], { type: "application/typescript" })));
  const reply = await new Promise<{ done: boolean; stat: string }>((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
  });
  worker.terminate();
  expect(reply.done).toBe(true);
  expect(niceOf(reply.stat)).toBe(Math.min(19, before + 10));
  expect(niceOf(readFileSync("/proc/thread-self/stat", "utf8"))).toBe(before);
});
