/**
 * Test helpers for API tests that need a signed-in caller. Each sign-up uses a fresh e-mail and a fresh
 * IP address (X-Forwarded-For), so tests never share a rate-limit bucket.
 */
type Request = (path: string, init?: RequestInit) => Promise<Response>;

let next = Math.floor(Math.random() * 0xffffff);
/** An IPv4 address no other caller in this test process uses. */
export function uniqueIp(): string {
  next = (next + 1) & 0xffffff;
  return `203.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
}
export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID().slice(0, 12)}@example.com`;
export const STRONG_PASSWORD = "blue-Harbor-lantern-42";

/** The `name=value` pairs of every Set-Cookie of a response, as a Cookie header. */
export function cookiesOf(response: Response, previous = ""): string {
  const jar = new Map(
    previous
      .split(/;\s*/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair] as const),
  );
  for (const line of response.headers.getSetCookie()) {
    const pair = line.split(";")[0]!;
    const name = pair.slice(0, pair.indexOf("="));
    if (/Max-Age=0/i.test(line)) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}

export const jsonPost = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json", "x-forwarded-for": uniqueIp(), ...headers },
  body: JSON.stringify(body),
});

/** Register a fresh account; returns its cookie header and user. */
export async function signUp(
  request: Request,
  overrides: { email?: string; username?: string; password?: string; cookie?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail();
  const response = await request(
    "/api/auth/register",
    jsonPost(
      { email, username: overrides.username ?? "Tester", password: overrides.password ?? STRONG_PASSWORD },
      overrides.cookie ? { cookie: overrides.cookie } : {},
    ),
  );
  if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: number; email: string } };
  return {
    cookie: cookiesOf(response, overrides.cookie),
    user: body.user,
    email,
    password: overrides.password ?? STRONG_PASSWORD,
  };
}

/** Continue as a guest (POST /api/auth/auto-login); returns the cookies (session + guest) and the user. */
export async function continueAsGuest(request: Request, cookie = "") {
  const response = await request("/api/auth/auto-login", {
    method: "POST",
    headers: { "x-forwarded-for": uniqueIp(), ...(cookie ? { cookie } : {}) },
  });
  if (response.status !== 200) throw new Error(`auto-login failed: ${response.status} ${await response.text()}`);
  return { cookie: cookiesOf(response, cookie), user: (await response.json()) as { id: number; isGuest: boolean } };
}
