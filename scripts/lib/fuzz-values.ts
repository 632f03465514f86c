/**
 * The hostile values scripts/fuzz.ts sends: path segments, query keys and values, request bodies, extra headers
 * and methods. A body or header that picks is drawn when it is sent, from the run's seeded random source.
 */

/** Brackets opened and closed `levels` deep: a JSON nesting attack. */
export const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);

export function hostileValues(pick: <T>(list: readonly T[]) => T) {
  const segments = [
    "",
    "0",
    "-1",
    "1e309",
    "NaN",
    "99999999999999999999",
    "1.5",
    "%00",
    "%",
    "%E0%A4%A",
    "..%2F..%2Fetc%2Fpasswd",
    "%2e%2e",
    "<script>alert(1)</script>",
    "' OR 1=1--",
    '"',
    "a".repeat(5000),
    "🏙️",
    "%F0%9F%8F%99",
    "null",
    "undefined",
    "__proto__",
    "constructor",
    "Springfield",
    "MO",
    "new%20york",
    "place",
    "city",
    "7",
    "12",
    "food",
    "%20",
    "%0d%0aSet-Cookie:x=1",
  ];
  const queryValues = [...segments, "10000000", "-5", "[]", "{}", "a,b,c", "true"];
  const queryKeys = [
    "city",
    "state",
    "count",
    "offset",
    "q",
    "lat",
    "lng",
    "lon",
    "radius",
    "category",
    "page",
    "limit",
    "place",
    "__proto__[x]",
    "constructor[prototype][x]",
    "a[]",
    "x".repeat(300),
  ];
  const bodies: Array<() => { body: BodyInit | null; type?: string }> = [
    () => ({ body: nested(50_000), type: "application/json" }), // 100 KB, 50,000 levels (F1)
    () => ({ body: `{"a":${nested(7_000)}}`, type: "application/json" }), // under the size cap, far over the depth
    () => ({ body: `{"a":${nested(32)}}`, type: "application/json" }),
    () => ({ body: JSON.stringify({ x: "y".repeat(300_000) }), type: "application/json" }),
    () => ({ body: "{not json", type: "application/json" }),
    () => ({ body: "", type: "application/json" }),
    () => ({ body: "null", type: "application/json" }),
    () => ({ body: "[1,2,3]", type: "application/json" }),
    () => ({ body: '"text"', type: "application/json" }),
    () => ({ body: "1e999", type: "application/json" }),
    () => ({ body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', type: "application/json" }),
    () => ({ body: '{"email":"\\ud800","password":"\\udfff","username":"\\u0000"}', type: "application/json" }),
    () => ({
      body: JSON.stringify({ email: "a@b.co", password: "p".repeat(200), username: "x" }),
      type: "application/json",
    }),
    () => ({
      body: JSON.stringify({
        itemType: "place",
        itemId: "x".repeat(2000),
        itemData: JSON.stringify({ a: nested(30) }),
      }),
      type: "application/json",
    }),
    () => ({
      body: JSON.stringify({
        itemType: pick(["place", "city", "fact"]),
        itemId: pick(segments),
        itemData: pick(["{}", "[]", "x", '{"title":1}']),
      }),
      type: "application/json",
    }),
    () => ({
      body: JSON.stringify({
        activityType: pick(["city_discovered", "x", 7]),
        cityName: pick(segments),
        cityState: pick(segments),
        placeId: pick([1, "a", null, {}]),
      }),
      type: "application/json",
    }),
    () => ({
      body: JSON.stringify({
        city: pick(segments),
        state: pick(segments),
        exclude: [pick(segments)],
        count: pick([1, -1, 1e9, "x"]),
      }),
      type: "application/json",
    }),
    () => ({ body: JSON.stringify({ code: pick(segments) }), type: "application/json" }),
    () => ({ body: "a=1&b=2&__proto__[x]=1", type: "application/x-www-form-urlencoded" }),
    () => ({
      body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
      type: "multipart/form-data; boundary=x",
    }),
    () => ({ body: "--x\r\ngarbage", type: "multipart/form-data; boundary=x" }),
    () => ({ body: "plain text", type: "text/plain" }),
    () => ({ body: new Uint8Array([0xff, 0xfe, 0x00, 0x01]), type: "application/octet-stream" }),
    () => ({ body: "{}", type: "application/json; charset=utf-16" }),
    () => ({ body: "{}", type: "application/vnd.api+json" }),
    () => ({ body: null }),
  ];
  const extraHeaders: Array<() => Record<string, string>> = [
    () => ({}),
    () => ({ origin: "https://evil.example" }),
    () => ({ origin: "null" }),
    () => ({ "sec-fetch-site": "cross-site" }),
    () => ({
      "x-forwarded-for": pick(["1.2.3.4", "garbage", "::1, 10.0.0.1", "999.1.1.1"]),
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example",
    }),
    () => ({ accept: "text/html" }),
    () => ({ "accept-encoding": "gzip, br, zstd" }),
    () => ({ range: "bytes=0-1,5-2" }),
    () => ({ "if-none-match": "*".repeat(500) }),
    () => ({ "content-encoding": "gzip" }),
  ];
  const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];
  return { segments, queryValues, queryKeys, bodies, extraHeaders, METHODS };
}
