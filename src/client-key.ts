import { LRUCache } from "lru-cache";
import { parseAddress } from "./proxies";

/**
 * Keys worked out per address: parsing an address (ipaddr.js, a BigInt of its bytes) was a tenth of a place
 * search's CPU, paid on every request a limit counts.
 */
const keys = new LRUCache<string, string>({ max: 10_000 });

/**
 * The key a client's requests are counted under: its address, or for IPv6 its /64 network (one subscriber's
 * line or one host is given a whole /64: counting each address apart gave such a client 2^64 budgets).
 */
export function clientKey(address: string): string {
  let key = keys.get(address);
  if (key === undefined) {
    const parsed = parseAddress(address);
    key = !parsed || parsed.version === 4 ? address : `${(parsed.value >> 64n).toString(16)}::/64`;
    keys.set(address, key);
  }
  return key;
}
