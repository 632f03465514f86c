/**
 * The lines of a byte stream (a file, a child process's output), decoded as UTF-8 as they come and without their
 * line break: the stream is never held whole. A last line without a line break is yielded only with `last`.
 * `onBytes` hears the bytes read so far after each chunk.
 */
export async function* streamLines(
  chunks: AsyncIterable<Uint8Array>,
  options: { last?: boolean; onBytes?: (bytes: number) => void } = {},
): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let buffer = "";
  let bytes = 0;
  for await (const chunk of chunks) {
    bytes += chunk.byteLength;
    buffer += decoder.decode(chunk, { stream: true });
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      yield line;
    }
    options.onBytes?.(bytes);
  }
  if (options.last && buffer) yield buffer;
}

/** Stream a text file line by line, its last line too (the file is never read whole). Reports bytes read. */
export const fileLines = (path: string, onBytes?: (bytes: number) => void): AsyncIterable<string> =>
  streamLines(Bun.file(path).stream(), { last: true, onBytes });
