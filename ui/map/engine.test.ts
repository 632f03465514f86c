import { describe, expect, test } from "bun:test";
import type { Map as MapLibreMap } from "maplibre-gl";
import { drawSkyOnlyWhenStyled } from "./engine";

/** A stand-in for the parts of MapLibre's map the sky wrapper reads: its painter (not public API), getSky and events. */
function fakeMap(painter: unknown) {
  const listeners = new Map<string, () => void>();
  let sky: object | undefined;
  const map = {
    painter,
    getSky: () => sky,
    on: (type: string, listener: () => void) => void listeners.set(type, listener),
  };
  return {
    map: map as unknown as MapLibreMap,
    setSky: (value: object | undefined) => (sky = value),
    fire: (type: string) => listeners.get(type)?.(),
    raw: map as { painter: unknown },
  };
}

describe("the sky pass (decision 036)", () => {
  test("is skipped while the style has no sky, drawn once it has one, and wrapped again on a restored WebGL context", () => {
    const drawn: string[] = [];
    const painter = {
      drawFunctions: { sky: (label: string) => drawn.push(`sky ${label}`), background: () => drawn.push("background") },
    };
    const { map, setSky, fire, raw } = fakeMap(painter);
    drawSkyOnlyWhenStyled(map);
    const draw = () => (raw.painter as typeof painter).drawFunctions;
    draw().sky("a");
    draw().background();
    expect(drawn).toEqual(["background"]);
    setSky({ "sky-color": "#88c" });
    draw().sky("b");
    expect(drawn).toEqual(["background", "sky b"]);
    // A lost and restored context gets a new painter: its sky is wrapped too.
    const fresh: string[] = [];
    raw.painter = { drawFunctions: { sky: () => fresh.push("sky") } };
    setSky(undefined);
    fire("webglcontextrestored");
    draw().sky("c");
    expect(fresh).toEqual([]);
  });

  test("a painter that is not as expected (another MapLibre version) is left alone", () => {
    for (const painter of [undefined, {}, { drawFunctions: {} }, { drawFunctions: { sky: "not a function" } }]) {
      const { map, raw } = fakeMap(painter);
      expect(() => drawSkyOnlyWhenStyled(map)).not.toThrow();
      expect(raw.painter).toEqual(painter);
    }
  });
});
