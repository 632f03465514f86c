import { Elysia } from "elysia";
import { jsonError, syncRequestHooks } from "./http";

const TYPES: Record<string, string> = {
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  svg: "image/svg+xml",
  json: "application/json; charset=utf-8",
  png: "image/png",
  map: "application/json; charset=utf-8",
};
const COMPRESSIBLE = new Set(["js", "css", "svg", "json", "map"]);

/**
 * Serves the built client files. `files` maps a URL path to a file on disk (or embedded in the binary).
 * Hashed files under /assets/ are immutable; text files are gzipped once and kept in memory.
 */
export function staticAssets(files: Record<string, string>) {
  const gzipped = new Map<string, Uint8Array>();
  // Synchronous (syncRequestHooks): undefined for every other path, a promise only for a file's first gzip.
  return syncRequestHooks(
    new Elysia({ name: "static-assets" }).onRequest(({ request }) => {
      if (request.method !== "GET" && request.method !== "HEAD") return;
      const path = new URL(request.url).pathname;
      const file = files[path];
      if (!file) return;
      const ext = path.slice(path.lastIndexOf(".") + 1);
      const headers: Record<string, string> = {
        "content-type": TYPES[ext] ?? "application/octet-stream",
        "cache-control": path.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        "x-content-type-options": "nosniff",
        vary: "accept-encoding",
      };
      if (COMPRESSIBLE.has(ext) && /\bgzip\b/.test(request.headers.get("accept-encoding") ?? "")) {
        const gzip = (body: Uint8Array) =>
          new Response(request.method === "HEAD" ? null : (body as unknown as BodyInit), {
            headers: { ...headers, "content-encoding": "gzip" },
          });
        const body = gzipped.get(path);
        if (body) return gzip(body);
        return (
          Bun.file(file)
            .arrayBuffer()
            .then((bytes) => {
              const packed = Bun.gzipSync(new Uint8Array(bytes));
              gzipped.set(path, packed);
              return gzip(packed);
            })
            // Not awaited by Elysia's error handling (a synchronous hook's promise is handed to Bun as it is): a
            // file that cannot be read (removed by a rebuild meanwhile) is a 404 in the error shape here.
            .catch(() => jsonError(404, "Not found"))
        );
      }
      return new Response(request.method === "HEAD" ? null : Bun.file(file), { headers });
    }),
  );
}
