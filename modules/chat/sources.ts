/** What chat grounds its answers in: injected by the app (other modules are reached only through their index). */
export interface ChatCity {
  id: number;
  name: string;
  stateCode: string;
  stateName: string;
  latitude: number;
  longitude: number;
  /** People living there (SimpleMaps' city population; GeoNames' for the towns it adds). */
  population: number;
}

/** A place as the places module answers it (only the fields chat reads). */
export interface SourcePlace {
  id: number;
  title: string;
  description: string;
  kind: string;
  category: string;
  categoryId: number;
  address: string | null;
  phone: string | null;
  distance: number | null;
  latitude: number;
  longitude: number;
  openingHours: string | null;
  /** The hours spelled out by weekday ("Mon–Thu: 10:30 AM–midnight"), when they are one plain week. */
  hoursWeek?: string[] | null;
  openNow: boolean | null;
  since: string | null;
  stateCode: string;
  website: string | null;
  /** The Wikipedia article the description comes from, when it does. */
  wikipedia: string | null;
  /** The dataset the record comes from, and every dataset that lists the place. */
  source: string;
  sources: Array<{ source: string }>;
}

export interface ChatSources<C extends ChatCity> {
  /** "City, ST" → the city, or undefined. */
  resolve(location: string): C | undefined;
  /** A city's list, best first: "nearby", "featured" (its best-known sights) or a list category id 8–12. */
  list(city: C, list: "nearby" | "featured" | number, count: number): Promise<SourcePlace[]>;
  /** Places of the city's area whose title contains `q`, nearest first. */
  search(city: C, q: string, limit: number): Promise<SourcePlace[]>;
  /** Places anywhere (every imported state) whose title contains `q`. */
  searchAll(q: string, limit: number): Promise<SourcePlace[]>;
  /** The places of some lists (ids 8–12; null: every list) around a point of the city's area, in the lists' order from it. */
  near(
    city: C,
    point: { latitude: number; longitude: number },
    lists: number[] | null,
    count: number,
  ): Promise<SourcePlace[]>;
  /** Places of the city's area whose description names `phrase` (a sight with no record of its own), best first. */
  mentioning(city: C, phrase: string, limit: number): Promise<SourcePlace[]>;
  /** Cities whose name matches `q`, best first (the city search box's index). */
  cities(q: string, limit: number): C[];
  /** The city's history entries (id "place-{placeId}" where it is about a place). */
  history(city: C): Promise<Array<{ id: string; title: string; period: string; content: string }>>;
  facts(city: C): Promise<Array<{ title: string; summary: string }>>;
}
