/**
 * Category illustrations drawn locally (docs/product.md#data-rules: no stock photos): small flat pictures used where a
 * place has no image of its own.
 */
import { LIST } from "../../src/domain/lists";
import { categoryColour, toListCategory, type CategoryColour } from "./places";

/** Scene colours: sky, ground and accent per colour family. */
const SCENE: Record<CategoryColour, [string, string, string]> = {
  amber: ["#fde68a", "#f59e0b", "#92400e"],
  emerald: ["#a7f3d0", "#10b981", "#065f46"],
  purple: ["#ddd6fe", "#8b5cf6", "#5b21b6"],
  red: ["#fecaca", "#ef4444", "#991b1b"],
  orange: ["#fed7aa", "#f97316", "#9a3412"],
  blue: ["#bfdbfe", "#3b82f6", "#1e40af"],
  gray: ["#e5e7eb", "#9ca3af", "#374151"],
};

/**
 * Kinds that have a better picture than their category's (docs/decisions/026-traveller-polish.md): a museum is an Activity, but the
 * mountains say nothing about it; it gets the columns of a building, as historic sites do. A campground is Lodging,
 * but a hotel's lit windows say nothing about it; it gets the mountains.
 */
const KIND_SCENES: Array<[RegExp, number]> = [
  [/\b(museum|gallery|planetarium|library|memorial|monument)\b/i, LIST.history],
  // A campground, an RV park or a cabin is lodging without a hotel's windows: the outdoors' mountains.
  [/\b(campground|camp ?site|rv park|cabin|fire lookout)\b/i, LIST.activities],
];

/** The drawing for a place: by its kind where one exists, else by its category (list numbering 7–12). */
export function illustrationScene(categoryId: number | null | undefined, kind?: string | null): number | undefined {
  for (const [pattern, scene] of KIND_SCENES) if (kind && pattern.test(kind)) return scene;
  return toListCategory(categoryId as number);
}

/** What each list category draws in the foreground (viewBox 0 0 320 160). */
function Foreground({ list, accent }: { list: number | undefined; accent: string }) {
  switch (list) {
    case LIST.history: // columns of an old building
      return (
        <g fill={accent}>
          <path d="M100 70 160 40l60 30Z" />
          <rect x="104" y="72" width="112" height="8" />
          {[112, 136, 160, 184, 204].map((x) => (
            <rect key={x} x={x} y="82" width="8" height="40" />
          ))}
          <rect x="98" y="122" width="124" height="10" />
        </g>
      );
    case LIST.activities: // mountains and a flag
      return (
        <g>
          <path d="M60 132 130 52l40 46 26-28 64 62Z" fill={accent} />
          <path d="M118 66l12-14 12 14-12 6Z" fill="#fff" opacity=".85" />
          <path d="M196 70V44l18 7-18 7" stroke="#fff" strokeWidth="3" fill="none" />
        </g>
      );
    case LIST.food: // plate, fork and knife
      return (
        <g>
          <circle cx="160" cy="92" r="38" fill="#fff" opacity=".9" />
          <circle cx="160" cy="92" r="26" fill="none" stroke={accent} strokeWidth="4" />
          <path
            d="M104 58v26m-6-26v14a6 6 0 0 0 12 0V58m-6 26v40M216 58c-6 4-8 12-8 22v10h8v34"
            stroke={accent}
            strokeWidth="5"
            fill="none"
            strokeLinecap="round"
          />
        </g>
      );
    case LIST.lodging: // a hotel with lit windows
      return (
        <g>
          <rect x="118" y="44" width="84" height="88" rx="4" fill={accent} />
          {[56, 76, 96].flatMap((y) =>
            [130, 152, 174].map((x) => (
              <rect key={`${x}-${y}`} x={x} y={y} width="14" height="12" rx="2" fill="#fde68a" />
            )),
          )}
          <rect x="150" y="114" width="20" height="18" fill="#fff" opacity=".85" />
        </g>
      );
    case LIST.stores: // a storefront with an awning
      return (
        <g>
          <rect x="106" y="70" width="108" height="62" fill="#fff" opacity=".9" />
          <path d="M100 56h120l-8 20H108Z" fill={accent} />
          {[0, 1, 2, 3, 4].map((i) => (
            <path key={i} d={`M${112 + i * 22} 76a11 9 0 0 0 22 0`} fill={i % 2 ? "#fff" : accent} />
          ))}
          <rect x="122" y="94" width="30" height="38" fill={accent} opacity=".8" />
          <rect x="162" y="94" width="40" height="22" fill={accent} opacity=".35" />
        </g>
      );
    case LIST.facts: // a lightbulb with sparkles
      return (
        <g>
          <path
            d="M160 40a30 30 0 0 0-17 55c3 3 5 7 5 12h24c0-5 2-9 5-12a30 30 0 0 0-17-55Z"
            fill="#fff"
            opacity=".92"
          />
          <rect x="148" y="110" width="24" height="8" rx="3" fill={accent} />
          <rect x="151" y="120" width="18" height="7" rx="3" fill={accent} />
          <path d="M110 50l4 10 10 4-10 4-4 10-4-10-10-4 10-4ZM214 84l3 7 7 3-7 3-3 7-3-7-7-3 7-3Z" fill={accent} />
        </g>
      );
    default: // a map pin on a road
      return (
        <g>
          <path d="M60 140c60-30 140-30 200 0" stroke="#fff" strokeWidth="10" fill="none" opacity=".7" />
          <path d="M160 120s30-27 30-52a30 30 0 0 0-60 0c0 25 30 52 30 52Z" fill={accent} />
          <circle cx="160" cy="68" r="11" fill="#fff" />
        </g>
      );
  }
}

/**
 * A flat picture for a place without an image: its category's scene. `seed` (e.g. the city name) turns the
 * sun a little, so lodging cards of one city share a look and differ from another city's.
 */
export function CategoryIllustration(props: {
  categoryId?: number | null;
  kind?: string | null;
  seed?: string;
  className?: string;
  label?: string;
}) {
  const list = illustrationScene(props.categoryId, props.kind);
  const [sky, ground, accent] = SCENE[categoryColour(props.categoryId)];
  let h = 0;
  for (const ch of props.seed ?? "") h = (h * 31 + ch.charCodeAt(0)) % 997;
  const sunX = 40 + (h % 240);
  return (
    <svg
      viewBox="0 0 320 160"
      preserveAspectRatio="xMidYMid slice"
      className={props.className}
      role={props.label ? "img" : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : true}
      data-scene={list ?? "pin"}
    >
      <rect width="320" height="160" fill={sky} />
      <circle cx={sunX} cy="34" r="16" fill="#fff" opacity=".6" />
      <path d="M0 120c80-20 160 10 320-6v46H0Z" fill={ground} opacity=".55" />
      <Foreground list={list} accent={accent} />
    </svg>
  );
}
