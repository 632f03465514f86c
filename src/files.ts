/** A bundled data file as text; files ending in .gz are gunzipped (db/data keeps its files compressed). */
export async function readText(path: string): Promise<string> {
  const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
  return new TextDecoder().decode(path.endsWith(".gz") ? Bun.gunzipSync(bytes) : bytes);
}
