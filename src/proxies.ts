import { Elysia } from "elysia";
import { syncRequestHooks } from "./http";

/**
 * Trusted proxies (issue 16 item 3, docs/decisions/019-trusted-proxies.md). X-Forwarded-For, -Proto and
 * -Host are read only when the peer that connected to us is listed in TRUSTED_PROXIES (addresses or CIDR
 * ranges; default none). Everything that needs "who is the client, over which scheme, at which host" —
 * rate limits, cookies (Secure), HSTS, the cross-site check, the traffic log — asks the functions here.
 * Pure code, no I/O: config.ts validates the list with `parseTrustedProxies`.
 */

export interface Cidr {
  version: 4 | 6;
  base: bigint;
  bits: number;
}
export type TrustedProxies = ReadonlyArray<Cidr>;

/** An IPv4 or IPv6 address as a number (IPv4-mapped IPv6 counts as IPv4); null when it is not an address. */
export function parseAddress(text: string): { version: 4 | 6; value: bigint } | null {
  let address = text.trim();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1]!;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) {
    const parts = address.split(".").map(Number);
    if (parts.some((p) => p > 255)) return null;
    return { version: 4, value: parts.reduce((n, p) => (n << 8n) | BigInt(p), 0n) };
  }
  if (!/^[0-9a-f:]+$/i.test(address) || address.length > 39) return null;
  const halves = address.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === "" ? [] : part.split(":"));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array(halves.length === 2 ? missing : 0).fill("0"), ...tail];
  if (all.some((g) => !/^[0-9a-f]{1,4}$/i.test(g))) return null;
  return { version: 6, value: all.reduce((n, g) => (n << 16n) | BigInt(parseInt(g, 16)), 0n) };
}

/** One address or CIDR range ("10.0.0.0/8", "::1", "fd00::/8"); null when it is neither. */
export function parseCidr(text: string): Cidr | null {
  const [address, prefix, extra] = text.trim().split("/");
  if (extra !== undefined || !address) return null;
  const parsed = parseAddress(address);
  if (!parsed) return null;
  const max = parsed.version === 4 ? 32 : 128;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
  const bits = prefix === undefined ? max : Number(prefix);
  if (bits > max) return null;
  const shift = BigInt(max - bits);
  return { version: parsed.version, base: (parsed.value >> shift) << shift, bits };
}

/** Parse TRUSTED_PROXIES (comma- or space-separated). Throws naming each entry that is not an address or CIDR. */
export function parseTrustedProxies(text: string | undefined): TrustedProxies {
  const entries = (text ?? "").split(/[\s,]+/).filter(Boolean);
  const bad = entries.filter((e) => !parseCidr(e));
  if (bad.length) throw new Error(`TRUSTED_PROXIES: not an IP address or CIDR range: ${bad.join(", ")}`);
  return entries.map((e) => parseCidr(e)!);
}

export function isTrusted(address: string | undefined, trusted: TrustedProxies): boolean {
  if (!address || trusted.length === 0) return false;
  const parsed = parseAddress(address);
  if (!parsed) return false;
  const max = parsed.version === 4 ? 32 : 128;
  return trusted.some(
    (c) => c.version === parsed.version && parsed.value >> BigInt(max - c.bits) === c.base >> BigInt(max - c.bits),
  );
}

type Server = { requestIP(request: Request): { address: string } | null } | null | undefined;

/** What we know about one request's origin, decided once per request by `trustProxies`. */
interface Origin {
  /** The connecting peer; undefined for in-process calls (tests' app.handle) and unix sockets, which count as this host. */
  peer: string | undefined;
  /** The peer is a trusted proxy: its X-Forwarded-* headers are read. */
  viaProxy: boolean;
  trusted: TrustedProxies;
}
const origins = new WeakMap<Request, Origin>();

/** Loopback stand-in for a request that did not come over TCP (in-process, unix socket). */
const LOCAL_PEER = "127.0.0.1";

function originOf(request: Request, server?: Server, trusted?: TrustedProxies): Origin {
  if (trusted === undefined) {
    const known = origins.get(request);
    if (known) return known;
    trusted = [];
  }
  const peer = server?.requestIP(request)?.address ?? undefined;
  return { peer, viaProxy: isTrusted(peer ?? LOCAL_PEER, trusted), trusted };
}

/**
 * The outermost plugin of the app: records, per request, who connected and whether to believe its
 * forwarding headers. Mount it before anything that reads the client address.
 */
export function trustProxies(trusted: TrustedProxies) {
  return syncRequestHooks(
    new Elysia({ name: "trusted-proxies", seed: trusted.map((c) => `${c.base}/${c.bits}`).join(",") }).onRequest(
      ({ request, server }) => {
        origins.set(request, originOf(request, server, trusted));
      },
    ),
  );
}

const ADDRESS_SHAPE = /^[0-9a-f:.[\]]{2,47}$/i;

/**
 * The caller's IP address: the peer, unless the peer is a trusted proxy; then the right-most
 * X-Forwarded-For entry that is not itself a trusted proxy (entries further left were written by the
 * client and can be forged). `trusted` overrides the list recorded by `trustProxies` (for tests and
 * callers outside the app). undefined when nothing is known.
 */
export function clientAddress(request: Request, server?: Server, trusted?: TrustedProxies): string | undefined {
  const origin = originOf(request, server, trusted);
  if (!origin.viaProxy) return origin.peer;
  const hops = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter((hop) => ADDRESS_SHAPE.test(hop) && parseAddress(hop) !== null);
  for (let i = hops.length - 1; i >= 0; i--)
    if (!isTrusted(hops[i], origin.trusted)) return hops[i]!.replace(/^\[|\]$/g, "");
  return hops[0] ?? origin.peer;
}

/** True when the visitor reached us over https: directly, or through a trusted proxy that says so. */
export function isHttps(request: Request, server?: Server): boolean {
  if (request.url.startsWith("https:")) return true;
  if (!originOf(request, server).viaProxy) return false;
  return request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim().toLowerCase() === "https";
}

/** The host the visitor addressed: a trusted proxy's X-Forwarded-Host, else the Host header. */
export function requestHost(request: Request, server?: Server): string {
  const forwarded = originOf(request, server).viaProxy
    ? request.headers.get("x-forwarded-host")?.split(",")[0]?.trim()
    : undefined;
  return (
    forwarded ||
    request.headers.get("host") ||
    (URL.canParse(request.url) ? new URL(request.url).host : "")
  ).toLowerCase();
}
