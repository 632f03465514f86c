/** Server rendering of the discovery screens: the city from the cookie, headings, skeleton counts, 404s. */
import { describe, expect, test } from "bun:test";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToString } from "react-dom/server";
import { guestBrowser, guestBrowserImportsHeld } from "../../src/testing";
import CategoryPlaces from "../islands/CategoryPlaces";
import type { Place } from "../components/places";

// Pages are for signed-in visitors (docs/decisions/013-signed-in-shell.md): these tests browse as a guest.
const { request, get } = await guestBrowser();
const LAS_VEGAS = `localscope-location=${encodeURIComponent("Las Vegas, NV")}`;
const page = async (path: string, cookie = LAS_VEGAS) => {
  const response = await get(path, cookie);
  return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'") };
};
const skeletons = (html: string) => (html.match(/data-skeleton=""/g) ?? []).length;
const islands = (html: string) => [...html.matchAll(/data-island="(\w+)"/g)].map((m) => m[1]);

// Vermont: not in the template. A page asking for its places queues the state's import and goes out at once
// with its skeletons; once a state is in, the lists come with their page (decision 033, tested per page below).
// These pages are rendered by an app whose queued imports never run (the import itself is tested in db/), so no
// whole state is imported for them.
const held = await guestBrowserImportsHeld();
const heldPage = async (path: string, cookie: string) => {
  const response = await held.get(path, cookie);
  return { status: response.status, html: (await response.text()).replace(/<!-- -->/g, "").replace(/&#x27;/g, "'") };
};
describe("a state not yet imported", () => {
  const BURLINGTON = `localscope-location=${encodeURIComponent("Burlington, VT")}`;
  test("the list pages and place categories go out with their skeletons, and Vermont's import is queued", async () => {
    const cases: Array<[string, string, string, number]> = [
      ["/nearby", "NearbyList", "Nearby Discoveries", 8],
      ["/local-gems", "LocalGemsList", "Downtown Burlington", 12],
      ["/category/stores", "CategoryPlaces", "Shop in Burlington", 3],
      ["/category/activities", "CategoryPlaces", "Discover Burlington", 3],
      ["/category/food", "CategoryPlaces", "Dine in Burlington", 3],
      ["/category/lodging", "CategoryPlaces", "Stay in Burlington", 3],
    ];
    const pages = await Promise.all(cases.map(([path]) => heldPage(path, BURLINGTON)));
    cases.forEach(([path, island, heading, count], i) => {
      const { status, html } = pages[i]!;
      expect([path, status]).toEqual([path, 200]);
      expect(islands(html)).toContain(island);
      expect(html).toContain(heading);
      expect([path, skeletons(html)]).toEqual([path, count]);
    });
    expect(held.queued).toEqual(["VT"]);
  });
});

describe("home", () => {
  const titlesOf = (html: string, testId: string) => {
    const list = html.slice(html.indexOf(`data-testid="${testId}"`));
    return [
      ...list.slice(0, list.indexOf("</ul>")).matchAll(/<span class="[^"]*font-semibold[^"]*">([^<]+)<\/span>/g),
    ].map((m) => m[1]);
  };

  test("a state not yet imported: the page goes out at once with 6 tiles, 8 nearby and 6 local-gem skeletons and the waiting text", async () => {
    // Vermont: its import is queued and never runs (above).
    const { status, html } = await heldPage("/", `localscope-location=${encodeURIComponent("Burlington, VT")}`);
    expect(status).toBe(200);
    expect(html).toContain("Exploring Burlington, VT");
    expect(islands(html)).toEqual(
      expect.arrayContaining(["CityPicker", "CityBanner", "CityFavorite", "HomeNearby", "HomeLocalGems", "Toaster"]),
    );
    // The category tiles are links in the page itself: no island, nothing to load.
    expect(islands(html)).not.toContain("CategoryGrid");
    expect([...html.matchAll(/href="\/category\/([a-z-]+)"/g)].map((m) => m[1])).toEqual([
      "historical",
      "stores",
      "facts",
      "activities",
      "food",
      "lodging",
    ]);
    expect(html).toContain("Nearby Discoveries");
    expect(html).toContain('href="/nearby"');
    expect(html).toContain("View More Discoveries");
    expect(html).toContain('href="/local-gems"');
    expect(html).toContain("View More Gems");
    expect(html).toContain("Loading after nearby discoveries...");
    expect(skeletons(html)).toBe(8 + 6);
    expect(html).not.toContain("MapExplorer");
  });

  test("once the state's places are in: the server renders the same 8 nearby places and 6 local gems the API lists", async () => {
    const api = async (path: string) => (await (await get(path, LAS_VEGAS)).json()) as Place[];
    const nearby = await api("/api/places/nearby?city=Las%20Vegas&state=NV&count=8");
    const gems = await api("/api/places/local-gems?city=Las%20Vegas&state=NV&local=true&count=6");
    expect(nearby).toHaveLength(8);
    expect(gems).toHaveLength(6);
    const { html } = await page("/");
    expect(skeletons(html)).toBe(0);
    expect(html).not.toContain("Loading after nearby discoveries...");
    const decode = (text: string) => text.replace(/&amp;/g, "&").replace(/&quot;/g, '"');
    expect(titlesOf(html, "nearby-list").map(decode)).toEqual(nearby.map((p) => p.title));
    expect(titlesOf(html, "local-gems-list").map(decode)).toEqual(gems.map((p) => p.title));
    // The islands get the rows as props, so hydration shows the same without asking the server again.
    expect(html).toContain(`"initial":[{"id":${nearby[0]!.id},`);
  }, 120_000); // the first list call imports Nevada (seconds on a busy machine)
});

describe("list pages", () => {
  const cases: Array<[string, string, string, number]> = [
    ["/featured", "FeaturedList", "Discoveries in Las Vegas", 12],
    ["/lodging", "LodgingList", "Lodging in Las Vegas", 3],
  ];
  for (const [path, island, heading, count] of cases) {
    test(`${path}: ${heading} with ${count} skeletons`, async () => {
      const { status, html } = await page(path);
      expect(status).toBe(200);
      expect(islands(html)).toContain(island);
      expect(html).toContain(heading);
      expect(skeletons(html)).toBe(count);
    });
  }

  test("once the state's places are in, /nearby and /local-gems come with the first 12 the API lists", async () => {
    for (const [path, api] of [
      ["/nearby", "/api/places/nearby?city=Las%20Vegas&state=NV&count=12"],
      ["/local-gems", "/api/places/local-gems?city=Las%20Vegas&state=NV&local=true&count=12"],
    ]) {
      const listed = (await (await get(api!, LAS_VEGAS)).json()) as Place[];
      expect(listed).toHaveLength(12);
      const { html } = await page(path!);
      expect(skeletons(html)).toBe(0);
      expect(html).toContain(`"initial":[{"id":${listed[0]!.id},`);
      expect(
        html
          .replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"'),
      ).toContain(`>${listed.at(-1)!.title}<`);
    }
  }, 120_000);

  test("without a cookie the pages render New York, NY", async () => {
    expect((await page("/featured", "")).html).toContain("Discoveries in New York");
    expect((await page("/local-gems", "")).html).toContain("Downtown New York");
  });
});

describe("category pages", () => {
  const cases: Array<[string, string, string, number]> = [
    ["facts", "Fun Facts", "Discover Las Vegas", 3],
    ["historical", "Historical Info", "History of Las Vegas", 6],
  ];
  for (const [slug, name, heading, count] of cases) {
    test(`/category/${slug}: "${heading}" under the header "${name}", ${count} skeletons`, async () => {
      const { status, html } = await page(`/category/${slug}`);
      expect(status).toBe(200);
      expect(html).toContain(`<h1 class="text-lg font-bold">${name}</h1>`);
      expect(html).toContain(heading);
      expect(html).toContain('aria-label="Back to home"');
      expect(skeletons(html)).toBe(count);
    });
  }
  test("once the state's places are in, the place categories come with the first 12 the API lists", async () => {
    for (const [slug, api] of [
      ["food", "/api/places/category/5?city=Las%20Vegas&state=NV"],
      ["stores", "/api/local-stores/Las%20Vegas/NV"],
    ] as const) {
      const listed = (await (await get(api, LAS_VEGAS)).json()) as Place[];
      expect(listed.length).toBeGreaterThan(0);
      const { html } = await page(`/category/${slug}`);
      expect(skeletons(html)).toBe(0);
      expect(html).toContain(`"initial":[{"id":${listed[0]!.id},`);
      expect(
        html
          .replace(/&amp;/g, "&")
          .replace(/&#x27;/g, "'")
          .replace(/&quot;/g, '"'),
      ).toContain(`>${listed.at(-1)!.title}<`);
    }
  }, 120_000);
  test("subtitles name the state", async () => {
    expect((await page("/category/facts")).html).toContain("Fascinating stories and hidden gems from Nevada");
    expect((await page("/category/activities")).html).toContain("Exciting activities and adventures in Nevada");
  });
  test("an unknown slug is 'Category Not Found' with a 404 and a way home", async () => {
    const { status, html } = await page("/category/volcanoes");
    expect(status).toBe(404);
    expect(html).toContain("Category Not Found");
    expect(html).toContain("The category you're looking for doesn't exist.");
    expect(html).toContain("Go Back Home");
  });
});

describe("place page", () => {
  test("renders a real place with its badge, distance, About, Location and provenance", async () => {
    // The first list call for a city imports its state's places.
    const list = (await (await request("/api/places/category/8?city=Las%20Vegas&state=NV")).json()) as Place[];
    const place = list.find((p) => p.address)!;
    const { status, html } = await page(`/place/${place.id}`);
    expect(status).toBe(200);
    expect(html).toContain("Place Details");
    expect(html).toContain(place.title.replace(/&/g, "&amp;"));
    expect(html).toContain(">Historical<");
    expect(html).toMatch(/\d+\.\d miles away/);
    expect(html).toContain(">About<");
    expect(html).toContain(">Location<");
    expect(html).toContain("View on map");
    expect(html).toContain("Hours unknown");
    expect(html).toContain(`${place.source} · licence ${place.licence}`);
  }, 120_000);
  test("a missing or malformed id is 'Place Not Found' with a 404", async () => {
    for (const id of ["999999999", "abc"]) {
      const { status, html } = await page(`/place/${id}`);
      expect(status).toBe(404);
      expect(html).toContain("Place Not Found");
      expect(html).toContain("The place you're looking for doesn't exist.");
      expect(html).toContain("Go Back Home");
    }
  });
});

describe("generic category list", () => {
  test("shows the type badge, 'N miles away', title, description and address of each place", () => {
    const city = { name: "Las Vegas", state: "Nevada", stateCode: "NV", displayName: "Las Vegas, NV" };
    const client = new QueryClient();
    const places = [
      {
        id: 1,
        title: "Old Fort",
        description: "Adobe fort of 1855.",
        address: "500 E Washington Ave",
        categoryId: 8,
        imageUrl: null,
        distance: 2.34,
        latitude: 0,
        longitude: 0,
        phone: null,
        website: null,
      },
    ] as Place[];
    client.setQueryData(["places", "category", 77, "Las Vegas", "NV"], places);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <CategoryPlaces city={city} view="generic" categoryId={77} slug="museums" />
      </QueryClientProvider>,
    ).replace(/<!-- -->/g, "");
    expect(html).toContain(">History<");
    expect(html).toContain("2.3 miles away");
    expect(html).toContain("Old Fort");
    expect(html).toContain("Adobe fort of 1855.");
    expect(html).toContain("500 E Washington Ave");
  });
  test("an empty generic list says so", () => {
    const city = { name: "Las Vegas", state: "Nevada", stateCode: "NV", displayName: "Las Vegas, NV" };
    const client = new QueryClient();
    client.setQueryData(["places", "category", 77, "Las Vegas", "NV"], []);
    const html = renderToString(
      <QueryClientProvider client={client}>
        <CategoryPlaces city={city} view="generic" categoryId={77} slug="museums" />
      </QueryClientProvider>,
    );
    expect(html).toContain("No Places Found");
    expect(html).toContain("There are no places in this category yet.");
  });
});
