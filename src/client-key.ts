import { parseAddress } from "./proxies";

/**
 * The key a client's requests are counted under: its address, or for IPv6 its /64 network (one subscriber's
 * line or one host is given a whole /64: counting each address apart gave such a client 2^64 budgets).
 */
export function clientKey(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed || parsed.version === 4) return address;
  return `${(parsed.value >> 64n).toString(16)}::/64`;
}
