import { describe, expect, test } from "bun:test";
import { ApiError } from "../api";
import {
  authErrorMessage,
  checkAuthForm,
  EMPTY_AUTH_FORM,
  formatMemberSince,
  parseStoredProfile,
  savedItems,
  signedInAs,
  validateProfile,
} from "./account";
import { DEFAULT_TAB, describeFavorite, FAVORITE_TABS, groupFavorites } from "./favorites";
import { cityItemId, factItemId, placeItemId, titleIdItemId } from "./places";
import { PRIVACY_SECTIONS, TERMS_SECTIONS } from "./legal";
import { displayName } from "./viewer";

describe("profile form (docs/product.md)", () => {
  const good = { name: "Ada", location: "Reno, NV", email: "", bio: "" };

  test("valid input is saved trimmed; email and bio may be empty or missing", () => {
    expect(
      validateProfile({ name: "  Ada ", location: " Reno, NV ", email: " ada@example.com ", bio: " hi " }),
    ).toEqual({
      ok: true,
      profile: { name: "Ada", location: "Reno, NV", email: "ada@example.com", bio: "hi" },
    });
    expect(validateProfile({ name: "Ada", location: "Reno" })).toEqual({
      ok: true,
      profile: { name: "Ada", location: "Reno", email: "", bio: "" },
    });
  });

  test("every rule has the product's message, one per field, all fields at once", () => {
    expect(validateProfile({ name: "A", location: "X", email: "nope", bio: "b".repeat(201) })).toEqual({
      ok: false,
      errors: {
        name: "Name must be at least 2 characters",
        location: "Location must be at least 2 characters",
        email: "Please enter a valid email address",
        bio: "Bio must be less than 200 characters",
      },
    });
  });

  test("limits: 2 characters after trimming; bio up to 200 characters (an emoji counts once)", () => {
    expect(validateProfile({ ...good, name: " A " })).toMatchObject({
      ok: false,
      errors: { name: "Name must be at least 2 characters" },
    });
    expect(validateProfile({ ...good, name: "Al" }).ok).toBe(true);
    expect(validateProfile({ ...good, bio: "b".repeat(200) }).ok).toBe(true);
    expect(validateProfile({ ...good, bio: "🗺".repeat(200) }).ok).toBe(true);
    expect(validateProfile({ ...good, bio: "🗺".repeat(201) }).ok).toBe(false);
  });

  test("a field that is not text reads 'Required'", () => {
    expect(validateProfile({ location: "Reno", name: 5 })).toEqual({ ok: false, errors: { name: "Required" } });
    expect(validateProfile({ name: "Ada" })).toEqual({ ok: false, errors: { location: "Required" } });
  });

  test("a stored profile is read leniently: bad JSON or other shapes are ignored, unknown fields dropped", () => {
    expect(parseStoredProfile(JSON.stringify({ name: "Ada", location: "Reno", extra: 1, bio: 3 }))).toEqual({
      name: "Ada",
      location: "Reno",
    });
    for (const raw of [null, "", "{", "[1]", "42", "null"])
      expect(parseStoredProfile(raw)).toEqual(raw === "[1]" ? {} : null);
  });
});

describe("auth dialog (sections 2, 5, 8; docs/product.md#accounts)", () => {
  const form = { ...EMPTY_AUTH_FORM, email: "a@b.co", password: "long-enough-pw", username: "Ada", terms: true };

  test("checks before any call, in field order", () => {
    expect(checkAuthForm("signin", { ...form, email: " " })).toBe("Email is required");
    expect(checkAuthForm("signin", { ...form, password: "" })).toBe("Password is required");
    expect(checkAuthForm("signin", { ...form, password: "short" })).toBeNull(); // sign-in applies no strength rule
    expect(checkAuthForm("register", { ...form, username: "   " })).toBe("Username is required");
    expect(checkAuthForm("register", { ...form, password: "1234567" })).toBe("Password must be at least 8 characters");
    expect(checkAuthForm("register", { ...form, terms: false })).toBe(
      "You must agree to the Terms of Service and Privacy Policy",
    );
    expect(checkAuthForm("register", form)).toBeNull();
  });

  test("error texts: wrong sign-in, the server's own message, the product's fallbacks, network failures", () => {
    expect(authErrorMessage("signin", new ApiError(401, "Invalid email or password"))).toBe(
      "Invalid email or password",
    );
    expect(authErrorMessage("signin", new ApiError(401, "something else"))).toBe("Invalid email or password");
    expect(
      authErrorMessage("signin", new ApiError(429, "Too many attempts. Please wait 42 seconds and try again.")),
    ).toBe("Too many attempts. Please wait 42 seconds and try again.");
    expect(
      authErrorMessage("register", new ApiError(409, "An account with this email already exists. Sign in instead.")),
    ).toBe("An account with this email already exists. Sign in instead.");
    expect(authErrorMessage("register", new ApiError(400, "HTTP 400: Bad Request"))).toBe(
      "Registration failed. Please try again.",
    );
    expect(authErrorMessage("register", new ApiError(500, "Something went wrong on our side. Please try again."))).toBe(
      "Registration failed. Please try again.",
    );
    expect(authErrorMessage("signin", new ApiError(502, "HTTP 502: Bad Gateway"))).toBe(
      "An error occurred. Please try again.",
    );
    expect(authErrorMessage("signin", new TypeError("Failed to fetch"))).toBe("An error occurred. Please try again.");
    expect(authErrorMessage("register", new TypeError("Failed to fetch"))).toBe("An error occurred. Please try again.");
  });
});

describe("labels and dates", () => {
  test("member since is an en-US date", () => {
    expect(formatMemberSince("2025-01-05T12:00:00.000Z", "UTC")).toBe("January 5, 2025");
    expect(formatMemberSince("2025-01-05T02:00:00.000Z", "America/Los_Angeles")).toBe("January 4, 2025");
    expect(formatMemberSince("not a date")).toBe("today");
  });

  test("guests are 'Guest Explorer' and 'Guest'; accounts show username and e-mail", () => {
    expect(displayName({ username: null, isGuest: true })).toBe("Guest Explorer");
    expect(displayName({ username: "Ada", isGuest: false })).toBe("Ada");
    expect(displayName(null)).toBe("Guest Explorer");
    expect(signedInAs({ email: null, isGuest: true })).toBe("Guest");
    expect(signedInAs({ email: "ada@example.com", isGuest: false })).toBe("Signed in as ada@example.com");
    expect([savedItems(0), savedItems(1), savedItems(1234)]).toEqual([
      "0 saved items",
      "1 saved item",
      "1,234 saved items",
    ]);
  });

  test("the policies: Terms has 9 sections, Privacy 10, with the promised statements", () => {
    expect(TERMS_SECTIONS).toHaveLength(9);
    expect(PRIVACY_SECTIONS).toHaveLength(10);
    const all = [...TERMS_SECTIONS, ...PRIVACY_SECTIONS].flatMap((s) => s.paragraphs).join(" ");
    for (const phrase of [
      "at least 13 years old",
      "One account per person",
      "AI provider",
      "mapping services",
      "update, delete or export your data in your profile settings",
      "children under 13",
    ]) {
      expect(all).toContain(phrase);
    }
  });
});

describe("favorites screen (docs/product.md sections 2, 3)", () => {
  const fav = (id: number, itemType: string, itemData: unknown, itemId = `item-${id}`) => ({
    id,
    itemType,
    itemId,
    itemData: typeof itemData === "string" ? itemData : JSON.stringify(itemData),
  });

  test("six tabs, cities first; a place by its category (docs/product.md#favorites); order kept; unknown types left out", () => {
    expect(FAVORITE_TABS.map((t) => t.key)).toEqual(["cities", "food", "lodging", "activities", "stores", "facts"]);
    expect(DEFAULT_TAB).toBe("cities");
    const list = [
      fav(6, "fact", {}),
      fav(5, "place", { categoryId: 11 }),
      fav(4, "city", {}),
      fav(3, "restaurant", {}),
      fav(2, "store", {}),
      fav(1, "activity", {}),
      fav(0, "weird", {}),
      fav(10, "place", { categoryId: 10 }),
      fav(11, "place", { categoryId: 5 }),
      fav(12, "place", { categoryId: 8 }),
      fav(13, "place", { categoryId: 9 }),
      fav(14, "place", { categoryId: 12 }),
      fav(15, "place", "not json"),
    ];
    const groups = groupFavorites(list);
    expect(Object.fromEntries(Object.entries(groups).map(([k, v]) => [k, v.map((f) => f.id)]))).toEqual({
      cities: [4],
      food: [3, 10, 11],
      lodging: [5, 15],
      activities: [1, 12, 13],
      stores: [2, 14],
      facts: [6],
    });
  });

  test("per-tab empty texts", () => {
    expect(Object.fromEntries(FAVORITE_TABS.map((t) => [t.key, t.empty]))).toEqual({
      cities: "No favorite cities yet",
      food: "No favorite restaurants yet",
      lodging: "No favorite lodging yet",
      activities: "No favorite activities yet",
      stores: "No favorite stores yet",
      facts: "No favorite fun facts yet",
    });
  });

  test("what an item shows: cities explore, places link to their page, facts show their text", () => {
    expect(describeFavorite(fav(1, "city", { name: "Pittsburgh", type: "city", location: "Pittsburgh, PA" }))).toEqual({
      title: "Pittsburgh, PA",
      label: "Click to explore this city",
      location: { city: "Pittsburgh", stateCode: "PA" },
    });
    expect(describeFavorite(fav(2, "city", { name: "Nowhere", location: "Nowhere" })).location).toBeUndefined();
    expect(describeFavorite(fav(3, "place", { id: 42, title: "Bellagio", categoryId: 11, type: "place" }))).toEqual({
      title: "Bellagio",
      label: "Lodging",
      href: "/place/42",
    });
    // Places show where they are: the address, else the city.
    expect(
      describeFavorite(
        fav(3, "place", {
          id: 42,
          title: "Bellagio",
          address: "3600 S Las Vegas Blvd",
          city: "Las Vegas, NV",
          categoryId: 11,
        }),
      ).where,
    ).toBe("3600 S Las Vegas Blvd");
    expect(
      describeFavorite(fav(3, "restaurant", { id: 43, title: "Lotus", address: null, city: "Las Vegas, NV" })).where,
    ).toBe("Las Vegas, NV");
    expect(describeFavorite(fav(4, "restaurant", { id: "7", title: "Lotus" }))).toEqual({
      title: "Lotus",
      label: "Restaurant",
      href: "/place/7",
    });
    expect(describeFavorite(fav(5, "store", { title: "Shop", id: -1 }))).toEqual({
      title: "Shop",
      label: "Store",
      href: undefined,
    });
    expect(describeFavorite(fav(6, "fact", { title: "Neon", content: "Lots of neon.", category: "Culture" }))).toEqual({
      title: "Neon",
      label: "Fun Fact",
      text: "Lots of neon.",
    });
    expect(describeFavorite(fav(7, "fact", { title: "Old", summary: "A summary." })).text).toBe("A summary.");
    // Whatever was stored, something readable comes out.
    expect(describeFavorite(fav(8, "activity", "not json", "hike-3"))).toEqual({
      title: "hike-3",
      label: "Activity",
      href: undefined,
    });
    expect(describeFavorite(fav(9, "place", [1, 2], "x-1")).title).toBe("x-1");
  });
});

describe("favorite item ids (docs/product.md)", () => {
  test("place: lower-cased title, non-alphanumerics to hyphens, dash, id", () => {
    expect(placeItemId({ id: 42, title: "Café Lotus & Co." })).toBe("caf--lotus---co--42");
    expect(placeItemId({ id: 7, title: "MOB Museum" })).toBe("mob-museum-7");
  });
  test("city: 'City, ST' with the first comma-space made a hyphen, lower-cased", () => {
    expect(cityItemId("Las Vegas, NV")).toBe("las vegas-nv");
    expect(cityItemId("Winston-Salem, NC")).toBe("winston-salem-nc");
  });
  test("fact: title-category; store, activity, restaurant: title-id", () => {
    expect(factItemId({ title: "Neon", category: "Culture" })).toBe("Neon-Culture");
    expect(titleIdItemId({ title: "Red Rock", id: 12 })).toBe("Red Rock-12");
  });
});
