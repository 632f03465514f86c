import { Elysia } from "elysia";
import ipaddr from "ipaddr.js";
import { syncRequestHooks } from "./http";

/**
 * Trusted proxies (docs/decisions/019-request-hardening.md item 1). X-Forwarded-For, -Proto and
 * -Host are read only when the peer that connected to us is listed in TRUSTED_PROXIES (addresses or CIDR
 * ranges; default none). Everything that needs "who is the client, over which scheme, at which host" —
 * rate limits, cookies (Secure), HSTS, the cross-site check, the traffic log — asks the functions here.
 * Pure code, no I/O: config.ts validates the list with `parseTrustedProxies`; ipaddr.js parses and matches
 * addresses (docs/decisions/038-trusted-proxies-with-ipaddr.md).
 */

type Ip = ipaddr.IPv4 | ipaddr.IPv6;
/** An address and the number of leading bits a matching address shares with it. */
export type Cidr = readonly [Ip, number];
export type TrustedProxies = ReadonlyArray<Cidr>;

const DOTTED = /^\d+\.\d+\.\d+\.\d+$/;
const MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;
const HEX_V6 = /^[0-9a-f:]{2,39}$/i;

/**
 * An IPv4 address in four decimal parts, or an IPv6 address in hex groups (bracketed or not; IPv4-mapped IPv6
 * counts as the IPv4 address, in either notation); null for anything else (shorthand IPv4, zone ids, names).
 * ipaddr.js parses; the shapes it also accepts (octal or hex IPv4, "127.1") are refused before it sees them.
 */
function parseIp(text: string): Ip | null {
  let address = text.trim();
  if (address.startsWith("[") && address.endsWith("]")) address = address.slice(1, -1);
  address = MAPPED.exec(address)?.[1] ?? address;
  if (DOTTED.test(address)) return ipaddr.IPv4.isValidFourPartDecimal(address) ? ipaddr.IPv4.parse(address) : null;
  if (!HEX_V6.test(address) || !ipaddr.IPv6.isValid(address)) return null;
  const v6 = ipaddr.IPv6.parse(address);
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : v6;
}

/** An IPv4 or IPv6 address as a number (IPv4-mapped IPv6 counts as IPv4); null when it is not an address. */
export function parseAddress(text: string): { version: 4 | 6; value: bigint } | null {
  const ip = parseIp(text);
  if (!ip) return null;
  const value = ip.toByteArray().reduce((n, byte) => (n << 8n) | BigInt(byte), 0n);
  return { version: ip.kind() === "ipv4" ? 4 : 6, value };
}

/** One address or CIDR range ("10.0.0.0/8", "::1", "fd00::/8"); null when it is neither. */
export function parseCidr(text: string): Cidr | null {
  const [address, prefix, extra] = text.trim().split("/");
  if (extra !== undefined || !address) return null;
  const ip = parseIp(address);
  if (!ip) return null;
  const max = ip.kind() === "ipv4" ? 32 : 128;
  if (prefix !== undefined && !/^\d{1,3}$/.test(prefix)) return null;
  const bits = prefix === undefined ? max : Number(prefix);
  return bits > max ? null : [ip, bits];
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
  const ip = parseIp(address);
  if (!ip) return false;
  return trusted.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
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
    new Elysia({
      name: "trusted-proxies",
      seed: trusted.map(([range, bits]) => `${range.toString()}/${bits}`).join(","),
    }).onRequest(({ request, server }) => {
      origins.set(request, originOf(request, server, trusted));
    }),
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
