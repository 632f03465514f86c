/**
 * Phase 3 of scripts/fuzz.ts: one case per request-hardening finding (docs/decisions/019-request-hardening.md),
 * each with the answer it must get. `member` is a signed-in caller's cookie.
 */
export function hardeningFindings(base: string, member: string): Array<[string, () => Promise<boolean>]> {
  return [
    [
      "place search shorter than 3 characters: 400 naming q",
      async () => {
        const r = await fetch(`${base}/api/places/search?q=m&city=Las%20Vegas&state=NV`);
        return r.status === 400 && Array.isArray(((await r.json()) as { errors: Record<string, unknown> }).errors.q);
      },
    ],
    [
      "place searches past the per-client limit: 429 with Retry-After",
      async () => {
        for (let i = 0; i < 200; i++) {
          const r = await fetch(`${base}/api/places/search?q=museum${i % 2 ? "s" : ""}`);
          await r.arrayBuffer();
          if (r.status === 429) return r.headers.has("retry-after");
        }
        return false;
      },
    ],
    [
      "a chunked 1 MB form body: 413",
      async () => {
        const body = new ReadableStream({
          start(controller) {
            for (let i = 0; i < 256; i++) controller.enqueue(new TextEncoder().encode(`a=${"y".repeat(4094)}`));
            controller.close();
          },
        });
        const r = await fetch(`${base}/api/activities`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", cookie: member },
          body,
        });
        return r.status === 413;
      },
    ],
    [
      "a wrong method on a served path: 405 with Allow",
      async () => {
        const r = await fetch(`${base}/api/places/search?q=museum`, { method: "DELETE" });
        return r.status === 405 && r.headers.get("allow") === "GET";
      },
    ],
    [
      "a password of only spaces: 400",
      async () => {
        const r = await fetch(`${base}/api/auth/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ email: "blank-password@example.com", username: "blank", password: "        " }),
        });
        return r.status === 400;
      },
    ],
  ];
}
