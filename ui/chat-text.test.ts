import { describe, expect, test } from "bun:test";
import { chatCityKey, segments, stripMarkdown } from "./chat-text";

describe("chat reply text", () => {
  test("markdown is removed", () => {
    expect(
      stripMarkdown("## Top picks\n- **Lilys Bistro** is _lovely_\n* `Art Zone`\n[Neon Museum](https://x.y)"),
    ).toBe("Top picks\nLilys Bistro is lovely\nArt Zone\nNeon Museum");
  });

  test("10-digit phone numbers become call links; other numbers stay text", () => {
    const parts = segments("Call (702) 387-6366 or 702.555.0101, not 12345 or 1,234,567.");
    expect(parts.filter((p) => p.kind === "phone")).toEqual([
      { kind: "phone", text: "(702) 387-6366", href: "tel:+17023876366" },
      { kind: "phone", text: "702.555.0101", href: "tel:+17025550101" },
    ]);
    expect(parts.map((p) => p.text).join("")).toBe("Call (702) 387-6366 or 702.555.0101, not 12345 or 1,234,567.");
  });

  test("street addresses become maps-search links (in the chat's city)", () => {
    const parts = segments("Neon Museum is at 821 Las Vegas Blvd N. Open daily.", "Las Vegas, NV");
    const address = parts.find((p) => p.kind === "address")!;
    expect(address.text).toBe("821 Las Vegas Blvd N");
    expect(address).toMatchObject({
      href: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent("821 Las Vegas Blvd N, Las Vegas, NV")}`,
    });
    expect(segments("It has 3 great rooms.").every((p) => p.kind === "text")).toBe(true);
  });

  test("a trip the assistant planned or changed is a link to its page; other paths stay text", () => {
    const text =
      "Your draft trip “A day in Savannah” is at /trips/12: change it. Or start one at /trips. Not /tripsy or a/trips/3.";
    expect(segments(text).filter((p) => p.kind === "app")).toEqual([
      { kind: "app", text: "/trips/12", href: "/trips/12" },
      { kind: "app", text: "/trips", href: "/trips" },
    ]);
    expect(
      segments(text)
        .map((p) => p.text)
        .join(""),
    ).toBe(text);
  });

  test("a trip named by its title reads as its title, linked to its page", () => {
    const text =
      "Open your draft: “A day in Savannah” (/trips/12), and change it. Or start one on “Your trips” (/trips).";
    const parts = segments(text);
    expect(parts.filter((p) => p.kind === "app")).toEqual([
      { kind: "app", text: "A day in Savannah", href: "/trips/12" },
      { kind: "app", text: "Your trips", href: "/trips" },
    ]);
    expect(parts.map((p) => p.text).join("")).toBe(
      "Open your draft: A day in Savannah, and change it. Or start one on Your trips.",
    );
  });

  test("the product's city key", () => {
    expect(chatCityKey("Las Vegas")).toBe("las-vegas");
    expect(chatCityKey("Winston Salem")).toBe("winston-salem");
  });
});
