/**
 * The server scripts/bench-data.ts measures: started with the background import on or off (its output kept,
 * line by line), waited on, and visited as a browser's first visit of a city.
 */
import { join } from "node:path";
import { root } from "./server";

export type DataServer = ReturnType<typeof startServer>;

export function startServer(port: number, databaseUrl: string, background: "on" | "off") {
  const lines: string[] = [];
  const proc = Bun.spawn([process.execPath, join(root, "src/server.ts")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      PLACES_BACKGROUND_IMPORT: background,
      OVERPASS_URL: "",
    },
    stdout: "pipe",
    stderr: "pipe",
  });
  const read = async (stream: ReadableStream<Uint8Array>) => {
    const decoder = new TextDecoder();
    let buffer = "";
    for await (const chunk of stream) {
      buffer += decoder.decode(chunk, { stream: true });
      const parts = buffer.split("\n");
      buffer = parts.pop()!;
      lines.push(...parts);
    }
  };
  void read(proc.stdout);
  void read(proc.stderr);
  return { proc, lines };
}

export async function waitFor(
  server: DataServer,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  what: string,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    // A server that ended (a missing client build, a crash) fails the run at once, with its last lines.
    if (server.proc.exitCode !== null)
      throw new Error(
        `The server ended (code ${server.proc.exitCode}) while waiting for ${what}:\n${server.lines.slice(-15).join("\n")}`,
      );
    await Bun.sleep(250);
  }
  throw new Error(`Timed out waiting for ${what}`);
}

export const healthy = async (base: string) => {
  try {
    return (await fetch(`${base}/healthz`)).ok;
  } catch {
    return false;
  }
};

/** A first visit as a browser makes it: the home page for the city, then its three home lists at once. Seconds. */
export async function firstVisit(base: string, cookie: string, city: string, state: string): Promise<number> {
  const started = performance.now();
  const location = encodeURIComponent(`${city}, ${state}`);
  const page = await fetch(`${base}/`, { headers: { cookie: `${cookie}; localscope-location=${location}` } });
  if (!page.ok) throw new Error(`/ for ${city} answered ${page.status}`);
  await page.text();
  const q = `city=${encodeURIComponent(city)}&state=${state}`;
  const lists = await Promise.all(
    [
      `/api/places/nearby?${q}&count=8`,
      `/api/places/local-gems?${q}&count=6`,
      `/api/places/featured?${q}&count=12`,
    ].map(async (path) => {
      const response = await fetch(`${base}${path}`, { headers: { cookie } });
      if (!response.ok) throw new Error(`${path} answered ${response.status}`);
      return ((await response.json()) as unknown[]).length;
    }),
  );
  if (lists[0] === 0) console.warn(`  (no nearby places for ${city}, ${state})`);
  return (performance.now() - started) / 1000;
}
