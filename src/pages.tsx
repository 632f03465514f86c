import { Elysia } from "elysia";
import { AboutPage } from "../ui/pages/About";
import { HomePage } from "../ui/pages/Home";
import { DATASETS } from "../db/import/places";
import { OVERPASS_SOURCE } from "../db/import/places/overpass";
import { NotFoundPage } from "../ui/pages/NotFound";
import { LOCATION_COOKIE } from "../ui/state";
import { DEFAULT_LOCATION, resolveLocation, type CityIndex } from "../modules/discovery";
import type { Render } from "./ssr";

function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(/;\s*/)) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Every dataset the app shows, with the attribution its licence asks for. */
export const DATA_SOURCES = [
  { name: "SimpleMaps US Cities Database", licence: "CC BY 4.0", attribution: "US city names, locations and populations: SimpleMaps (simplemaps.com).", url: "https://simplemaps.com/data/us-cities" },
  ...DATASETS.map((d) => ({ name: d.name, licence: d.licence, attribution: d.attribution, url: d.url })),
  { name: OVERPASS_SOURCE.name, licence: OVERPASS_SOURCE.licence, attribution: OVERPASS_SOURCE.attribution, url: OVERPASS_SOURCE.url },
];

export const themeFrom = (request: Request) => readCookie(request, "localscope-theme");

/** Server-rendered pages. */
export function pages(deps: { render: Render; cityIndex: CityIndex }) {
  const { render, cityIndex } = deps;
  return new Elysia({ name: "pages" })
    .get("/about", ({ request }) => render(<AboutPage sources={DATA_SOURCES} />, { title: "About and data sources · LocalScope", theme: themeFrom(request) }))
    .get("/", ({ request }) => {
    const fromCookie = resolveLocation(cityIndex, readCookie(request, LOCATION_COOKIE));
    const city = fromCookie ?? resolveLocation(cityIndex, DEFAULT_LOCATION)!;
    return render(<HomePage city={city} fromCookie={Boolean(fromCookie)} cityCount={cityIndex.size} />, {
      title: `Exploring ${city.name}, ${city.stateCode} · LocalScope`,
      theme: themeFrom(request),
    });
  });
}

export function notFoundPage(render: Render) {
  return (request: Request) => {
    const path = new URL(request.url).pathname;
    return render(<NotFoundPage path={path} />, { title: "Page Not Found · LocalScope", status: 404, theme: themeFrom(request) });
  };
}
