/** Routing by sign-in state (docs/decisions/013-signed-in-shell.md): the landing page for signed-out visitors at any path, the app for signed-in ones. */
import { describe, expect, test } from "bun:test";
import { claimAdmin } from "../modules/auth";
import { continueAsGuest, signUp, uniqueEmail } from "../modules/auth/testing";
import { testApp } from "./testing";

const ADMIN = uniqueEmail("admin");
const { request, cityIndex, database } = await testApp({ ADMIN_EMAIL: ADMIN });
/** The city count the landing page shows, from the data: "31,254". */
const CITIES = cityIndex.size.toLocaleString("en-US");
const page = async (path: string, cookie?: string) => {
  const response = await request(path, cookie ? { headers: { cookie } } : undefined);
  return { response, status: response.status, html: (await response.text()).replace(/<!-- -->/g, "") };
};
/** The text inside the element with this data-testid (no nested elements). */
const byTestId = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1];
const isLanding = (html: string) =>
  html.includes('data-testid="landing"') && html.includes("Travel Enlightened with LocalScope");

const guest = (await continueAsGuest(request)).cookie;
const member = await signUp(request, { username: "Ada Lovelace" });
const admin = await signUp(request, { email: ADMIN, username: "The Admin" });
// docs/product.md#accounts: the operator claims the ADMIN_EMAIL account (npm run admin -- claim EMAIL).
await claimAdmin({ database, config: { ADMIN_EMAIL: ADMIN } }, ADMIN);

describe("signed out: the landing page whatever the path, rendered on the server", () => {
  test("app routes and unknown paths all show the landing page, with the hero in the HTML itself", async () => {
    for (const path of [
      "/",
      "/favorites",
      "/profile",
      "/map",
      "/category/facts",
      "/place/1",
      "/nearby",
      "/admin",
      "/admin/traffic",
      "/welcome",
    ]) {
      const { status, html } = await page(path);
      // The admin screens are behind the auth guard: the landing page there says 401.
      expect({ path, status }).toEqual({ path, status: path.startsWith("/admin") ? 401 : 200 });
      expect(isLanding(html)).toBe(true);
      expect(html).toContain("<title>LocalScope — Travel Enlightened</title>");
      expect(html).not.toContain('aria-label="Main"'); // no app tabs
    }
    const unknown = await page("/no/such/page");
    expect(unknown.status).toBe(404);
    expect(isLanding(unknown.html)).toBe(true);
  });

  test("the landing page has the hero buttons, six feature cards, the stats, the call to action and the footer", async () => {
    const { html } = await page("/");
    for (const text of [
      "Get Started Free",
      "Sign In",
      "Continue as guest",
      "Create Free Account",
      "Privacy Policy",
      "Terms of Service",
      "Contact",
    ]) {
      expect(html).toContain(text);
    }
    for (const feature of [
      "Discover Local Gems",
      "Interactive Maps",
      "AI Travel Assistant",
      "Save Favorites",
      `${CITIES} Cities`,
      "Real-Time Updates",
    ]) {
      expect(html).toContain(`>${feature}</h3>`);
    }
    expect(html.match(/<h3 /g)).toHaveLength(6);
    expect(cityIndex.size).toBeGreaterThan(30_000);
    for (const stat of [CITIES, "50", "AI"]) expect(html).toContain(`>${stat}</dd>`);
    expect(html).toContain("States &amp; DC");
    expect(html).toContain('href="mailto:support@localscope.app"');
    for (const island of ["AuthButton", "GuestButton", "LegalLinks", "AuthDialog"])
      expect(html).toContain(`data-island="${island}"`);
  });

  test("/about, /healthz, the API and missing files stay what they are", async () => {
    const about = await page("/about");
    expect(about.status).toBe(200);
    expect(about.html).toContain("About LocalScope");
    expect((await request("/healthz")).status).toBe(200);
    expect((await request("/api/categories")).status).toBe(200);
    expect((await request("/api/auth/me")).status).toBe(401);
    for (const path of ["/assets/nothing-here.js", "/robots.txt"]) {
      const missing = await page(path);
      expect(missing.status).toBe(404);
      expect(isLanding(missing.html)).toBe(false);
      expect(missing.html).toContain("Page Not Found");
    }
  });

  test("the landing page carries the theme cookie and a CSP nonce on its scripts", async () => {
    const { response, html } = await page("/", "localscope-theme=rose");
    expect(html).toContain('data-theme="rose"');
    const nonce = response.headers.get("content-security-policy")!.match(/'nonce-([^']+)'/)![1];
    expect(html).toContain(`nonce="${nonce}"`);
  });

  test("a session that was signed out is treated as signed out", async () => {
    const { cookie } = await continueAsGuest(request);
    expect((await request("/api/auth/logout", { method: "POST", headers: { cookie } })).status).toBe(204);
    expect(isLanding((await page("/", cookie)).html)).toBe(true);
  });
});

describe("signed in (guest or registered): the app", () => {
  test("a guest gets the home page; the landing page's address sends them to /", async () => {
    const home = await page("/", guest);
    expect(home.status).toBe(200);
    expect(isLanding(home.html)).toBe(false);
    expect(home.html).toContain("Exploring New York, NY");
    const welcome = await request("/welcome", { headers: { cookie: guest } });
    expect(welcome.status).toBe(303);
    expect(welcome.headers.get("location")).toBe("/");
  });

  test("an unknown path is the 404 page, not the landing page", async () => {
    const { status, html } = await page("/no/such/page", member.cookie);
    expect(status).toBe(404);
    expect(html).toContain("Page Not Found");
    expect(isLanding(html)).toBe(false);
  });

  test("/favorites renders the shell and 'Loading favorites...' until the island has the list", async () => {
    const { status, html } = await page("/favorites", member.cookie);
    expect(status).toBe(200);
    expect(html).toContain("<title>Favorites · LocalScope</title>");
    expect(html).toContain("Loading favorites...");
    expect(html).toContain('data-island="FavoritesView"');
  });
});

describe("profile", () => {
  test("a registered user: the username, member since (en-US), the User badge, the e-mail on Sign Out, Version 1.0.0", async () => {
    const { status, html } = await page("/profile", member.cookie);
    expect(status).toBe(200);
    expect(byTestId(html, "profile-name")).toBe("Ada Lovelace");
    expect(html).toMatch(
      /Member since (January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}/,
    );
    expect(byTestId(html, "role-badge")).toBe("User");
    expect(html).toContain(`Signed in as ${member.email}`);
    expect(html).toContain("Version 1.0.0");
    expect(html).toContain("Exploring New York, NY");
    expect(html).not.toContain("Traffic Analytics");
    expect(html).not.toContain('data-testid="admin-button"');
  });

  test("a guest shows as 'Guest Explorer' and 'Guest'", async () => {
    const { html } = await page("/profile", guest);
    expect(byTestId(html, "profile-name")).toBe("Guest Explorer");
    expect(html).toMatch(/>Sign Out<\/span><span[^>]*>Guest</);
  });

  test("16 theme buttons; the one from the cookie is pressed, green when there is none", async () => {
    const themed = (await page("/profile", `${member.cookie}; localscope-theme=indigo`)).html;
    expect(themed.match(/data-theme-option="/g)).toHaveLength(16);
    expect(themed).toMatch(/aria-pressed="true" data-theme-option="indigo"/);
    expect((await page("/profile", member.cookie)).html).toMatch(/aria-pressed="true" data-theme-option="green"/);
  });
});

describe("admin (ADMIN_EMAIL, checked on the server)", () => {
  test("the admin sees the header admin button, the Admin badge and Traffic Analytics; others do not", async () => {
    const { html } = await page("/profile", admin.cookie);
    expect(html).toContain('data-testid="admin-button"');
    expect(byTestId(html, "role-badge")).toBe("Admin");
    expect(html).toContain('href="/admin/traffic"');
    expect((await page("/", admin.cookie)).html).toContain('aria-label="Admin panel"');
    expect((await page("/", member.cookie)).html).not.toContain('aria-label="Admin panel"');
    expect((await page("/", guest)).html).not.toContain('aria-label="Admin panel"');
  });

  test("/admin and /admin/traffic: 403 'Access denied. Admin privileges required.' for others, open for the admin", async () => {
    for (const path of ["/admin", "/admin/traffic"]) {
      for (const cookie of [member.cookie, guest]) {
        const denied = await page(path, cookie);
        expect(denied.status).toBe(403);
        expect(denied.html).toContain("Access denied. Admin privileges required.");
      }
      const open = await page(path, admin.cookie);
      expect(open.status).toBe(200);
      expect(open.html).not.toContain("Access denied");
    }
  });
});
