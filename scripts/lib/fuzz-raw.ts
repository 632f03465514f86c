/**
 * What scripts/fuzz.ts sends over raw sockets, where fetch cannot: bad Host headers, garbled request lines,
 * lying Content-Length and chunked bodies; and the sender, which returns whatever the server answered.
 */
import { connect } from "node:net";

export function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    socket.on("data", (d) => (out += d));
    socket.on("end", () => resolve(out));
    socket.on("error", () => resolve(out));
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(out);
    });
    socket.end(text); // half-close: a body shorter than its Content-Length ends here
  });
}
export const RAW = [
  "GET / HTTP/1.0\r\n\r\n",
  "GET /api/auth/me HTTP/1.1\r\nConnection: close\r\n\r\n",
  "GET /api/auth/me HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n",
  "GET /x HTTP/1.1\r\nHost: ex%ample.com:99999\r\nConnection: close\r\n\r\n",
  "POST /api/activities HTTP/1.1\r\nHost: a/b?c\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
  "GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n",
  "POST /api/activities HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{}",
  "POST /api/activities HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
  "GARBAGE\r\n\r\n",
  "GET /../../etc/passwd HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  "GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  "GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  "GET / HTTP/9.9\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  `GET /${"a".repeat(70_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
];
