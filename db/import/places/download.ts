import { createWriteStream } from "node:fs";
import { rename, unlink } from "node:fs/promises";

/**
 * Operator refresh helpers (docs/decisions/024): a streaming download to a file (never held in memory)
 * and a text progress bar for the import scripts.
 */

export interface Progress {
  /** Bytes or rows done, and the total when known. */
  (done: number, total: number | null): void;
}

/** Download `url` to `dest` (through `dest.part`, renamed when complete). Returns the size and the server's Last-Modified. */
export async function downloadFile(
  url: string,
  dest: string,
  options: { onProgress?: Progress; signal?: AbortSignal; userAgent?: string } = {},
): Promise<{ bytes: number; lastModified: string | null }> {
  const response = await fetch(url, {
    signal: options.signal,
    headers: { "user-agent": options.userAgent ?? "LocalScope data refresh" },
  });
  if (!response.ok || !response.body) throw new Error(`Download failed: ${url} answered HTTP ${response.status}`);
  const total = Number(response.headers.get("content-length")) || null;
  const part = `${dest}.part`;
  const out = createWriteStream(part);
  let bytes = 0;
  try {
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      if (!out.write(chunk)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
      options.onProgress?.(bytes, total);
    }
    await new Promise<void>((resolve, reject) =>
      out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  } catch (error) {
    out.destroy();
    await unlink(part).catch(() => {});
    throw error;
  }
  if (total !== null && bytes !== total) {
    await unlink(part).catch(() => {});
    throw new Error(`Download incomplete: ${url} sent ${bytes} of ${total} bytes`);
  }
  await rename(part, dest);
  return { bytes, lastModified: response.headers.get("last-modified") };
}

const MB = 1024 * 1024;
const size = (n: number) => (n >= MB ? `${(n / MB).toFixed(1)} MB` : `${Math.max(0, Math.round(n / 1024))} kB`);

/** "label [########----------]  40 % 4.0 MB of 10.0 MB" (or a running count when the total is unknown). */
export function progressBar(
  label: string,
  done: number,
  total: number | null,
  unit: "bytes" | "rows" = "bytes",
  width = 24,
): string {
  const amount = (n: number) => (unit === "bytes" ? size(n) : `${n.toLocaleString("en-US")} rows`);
  if (!total) return `${label} ${amount(done)}`;
  const fraction = Math.min(1, done / total);
  const filled = Math.round(fraction * width);
  return `${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)} % ${amount(done)} of ${amount(total)}`;
}

/**
 * A progress printer for a terminal (one line redrawn, at most every 100 ms) or a log (a line per 10 %).
 * `done()` ends the line.
 */
export function progressPrinter(write: (text: string) => void, tty: boolean) {
  let last = 0;
  let lastTenth = -1;
  let open = false;
  return {
    update(line: string, fraction: number | null) {
      if (tty) {
        const now = Date.now();
        if (now - last < 100 && fraction !== 1) return;
        last = now;
        write(`\r\u001b[2K${line}`);
        open = true;
      } else {
        const tenth = fraction === null ? -1 : Math.floor(fraction * 10);
        if (fraction !== null && tenth === lastTenth) return;
        lastTenth = tenth;
        write(`${line}\n`);
      }
    },
    done() {
      if (tty && open) write("\n");
      open = false;
      lastTenth = -1;
    },
  };
}
