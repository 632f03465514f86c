/**
 * The default city's home lists, ranked once at start. Every new visitor's first page is that city's home, and a
 * big city's two lists take a second or more to rank on first use (hundreds of milliseconds on an idle machine,
 * many seconds on a busy one), during which the server answered no one: libSQL's embedded client reads
 * synchronously. Ranked at start, they are in the lists' cache before the first sign-in. Nothing is done for a
 * state not imported yet (no import is started from here): its lists are ranked on first use.
 */
import type { Client } from "@libsql/client";
import { stateImported } from "../db/import/places";
import { DEFAULT_LOCATION, resolveLocation, type CityIndex } from "../modules/cities";
import type { PlacesService } from "../modules/places";
import { HOME_GEMS_COUNT, HOME_NEARBY_COUNT } from "../ui/components/home-lists";

/** Resolves with the number of lists ranked (0 when the default city's state is not imported yet). */
export async function warmHome(client: Client, cityIndex: CityIndex, places: PlacesService): Promise<number> {
  const city = resolveLocation(cityIndex, DEFAULT_LOCATION);
  const indexed = city && cityIndex.find(city.name, city.stateCode);
  if (!indexed || !(await stateImported(client, indexed.stateCode))) return 0;
  const lists = await Promise.all([
    places.page(indexed, "nearby", HOME_NEARBY_COUNT, 0),
    places.page(indexed, "local-gems", HOME_GEMS_COUNT, 0),
  ]);
  return lists.length;
}
