import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import { toPlace } from "../../modules/places/answers";
import { PlaceHero } from "./PlaceParts";

const row = (tags: Record<string, string>, imageUrl: string | null) =>
  ({
    id: 1,
    title: "Gateway Arch National Park",
    description: null,
    address: null,
    city: "St. Louis",
    state_code: "MO",
    zip: null,
    category_id: 8,
    kind: "national park",
    image_url: imageUrl,
    latitude: 38.6258,
    longitude: -90.1892,
    phone: null,
    website: null,
    price_range: null,
    amenities: null,
    opening_hours: null,
    source: "nps",
    source_id: "jeff",
    licence: "Public domain",
    sources: "[]",
    wikidata: null,
    since: null,
    observed_at: null,
    tags: JSON.stringify(tags),
    brand: null,
    quality: 1,
  }) as never;

describe("a credited photo", () => {
  test("the place answer carries the photo's credit, and the picture shows it", () => {
    const place = toPlace(
      row({ imageCredit: "NPS / Jane Doe" }, "https://www.nps.gov/arch.jpg"),
      null,
      "America/Chicago",
    );
    expect(place.imageCredit).toBe("NPS / Jane Doe");
    const html = renderToString(<PlaceHero place={place} className="h-40 w-full" />);
    expect(html).toContain("https://www.nps.gov/arch.jpg");
    expect(html).toContain("Photo: <!-- -->NPS / Jane Doe");
  });

  test("no image, no credit line; an uncredited image shows no caption", () => {
    expect(toPlace(row({ imageCredit: "NPS / Jane Doe" }, null), null, "America/Chicago").imageCredit).toBeNull();
    const bare = toPlace(row({}, "https://example.test/a.jpg"), null, "America/Chicago");
    expect(bare.imageCredit).toBeNull();
    expect(renderToString(<PlaceHero place={bare} className="h-40 w-full" />)).not.toContain("Photo:");
  });
});
