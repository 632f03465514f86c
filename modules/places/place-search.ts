import type { Client } from "@libsql/client";
import type { IndexedCity } from "../cities";
import { type Place, toPlace } from "./answers";
import { rowsOf, shownMatches, titleMatches } from "./search";
import { SearchAnswers } from "./search-answers";
import { SearchParts } from "./search-parts";
import { SearchWindows } from "./search-windows";
import { withArticles } from "./store";

/**
 * Title search as the places service answers it (./search.ts): answers cached for a minute (./search-answers.ts),
 * each searched city's window of places (./search-windows.ts) and each place's part of its answers
 * (./search-parts.ts), all dropped for the cities a change of places reaches.
 */
export class PlaceSearch {
  private readonly answers = new SearchAnswers((q, city, limit) => this.uncached(q, city, limit));
  private readonly windows: SearchWindows;
  private readonly parts = new SearchParts();

  constructor(
    private readonly client: Client,
    private readonly ensureState: (stateCode: string) => Promise<void>,
    /** Miles around a city's centre a search covers. */
    private readonly radius: number,
  ) {
    this.windows = new SearchWindows(client);
  }

  answer(q: string, city: IndexedCity | undefined, limit: number): Promise<Place[]> {
    return this.answers.answer(q, city, limit);
  }

  answerJson(q: string, city: IndexedCity | undefined, limit: number): Promise<string> {
    return this.answers.answerJson(q, city, limit);
  }

  /** Drop what was built for the cities `affected` picks by id ("" for the searches with no city). */
  drop(affected: (cityId: string) => boolean) {
    this.answers.drop(affected);
    this.windows.drop(affected);
    this.parts.drop(affected);
  }

  /** The answer as JSON text: in a city, each place's part as kept from an earlier search (./search-parts.ts). */
  private async uncached(q: string, city: IndexedCity | undefined, limit: number): Promise<string> {
    if (!city) {
      const rows = await titleMatches(this.client, q, limit);
      return JSON.stringify((await withArticles(this.client, rows)).map((r) => toPlace(r, null, "America/New_York")));
    }
    await this.ensureState(city.stateCode);
    // One answer per place, as the lists give (two datasets' records of one museum, two states' of one café).
    const shown = await shownMatches(this.client, q, limit, {
      centre: city,
      radius: this.radius,
      window: (box, now) => this.windows.window(`${city.id}|${this.radius}`, box, now),
    });
    return this.parts.answerJson(city, shown.ids, async (ids) => {
      const wanted = new Set(ids);
      const rows = shown.rows ? shown.rows.filter((r) => wanted.has(Number(r.id))) : await rowsOf(this.client, ids);
      return withArticles(this.client, rows);
    });
  }
}
