/**
 * One executable that serves the whole app, data included: `npm run compile` → dist/localscope.
 * Builds the client first (its files are embedded through dist/assets.gen.ts), then compiles the server.
 * libsql loads its native addon with a computed require(); the plugin below turns it into a static one
 * so the addon is embedded too.
 */
import type { BunPlugin } from "bun";
import { dirname, join } from "node:path";
import { build as buildClient } from "./build";

const root = join(import.meta.dir, "..");
const target =
  process.env.LIBSQL_TARGET ??
  `${process.platform}-${process.arch}-${process.platform === "linux" ? "gnu" : process.platform === "win32" ? "msvc" : ""}`.replace(
    /-$/,
    "",
  );

const embedLibsqlNative: BunPlugin = {
  name: "embed-libsql-native",
  setup(build) {
    build.onLoad({ filter: /[\\/]node_modules[\\/]libsql[\\/]index\.js$/ }, async ({ path }) => {
      const source = await Bun.file(path).text();
      const dynamic = "require(`@libsql/${target}`)";
      if (!source.includes(dynamic))
        throw new Error(`embed-libsql-native: libsql changed how it loads its addon (${path})`);
      const addon = Bun.resolveSync(`@libsql/${target}/index.node`, dirname(path));
      return { contents: source.replace(dynamic, `require(${JSON.stringify(addon)})`), loader: "js" };
    });
  },
};

process.env.NODE_ENV = "production";
await buildClient();
const outfile = join(root, "dist/localscope");
const result = await Bun.build({
  // The request log's writer thread is a Worker on its own file: a second entry point of the executable
  // (modules/traffic/writer-thread.ts starts it by the same relative URL; scripts/check-compiled-log.ts checks it).
  // The same for the places import thread (db/import/places/import-thread.ts).
  entrypoints: [
    join(root, "src/server.ts"),
    join(root, "modules/traffic/writer-worker.ts"),
    join(root, "db/import/places/import-worker.ts"),
  ],
  compile: { outfile },
  plugins: [embedLibsqlNative],
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  process.exit(1);
}
const size = Bun.file(outfile).size;
console.log(
  `Compiled ${outfile} (${(size / 1024 / 1024).toFixed(0)} MB, libsql addon ${target}). Run it from any folder: ./localscope`,
);
