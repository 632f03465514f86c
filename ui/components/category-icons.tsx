/** Category icons: line drawings in the current colour, by the server's icon names and by list category. */
import { categoryColour, type CategoryColour } from "./places";
import { categoryById } from "../../src/domain/categories";
import { lineIcon } from "./icons";

/** Icon paths by the server's icon names (lightbulb, scroll, store, hiking, utensils, bed) and a pin. */
const ICON_PATHS: Record<string, string> = {
  lightbulb: "M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.3 1 2.3h6c0-1 .4-1.8 1-2.3A7 7 0 0 0 12 2Z",
  scroll: "M8 3h11a2 2 0 0 1 2 2v2h-4M8 3a2 2 0 0 0-2 2v12a2 2 0 0 1-2 2m4-16v0M4 19h11a2 2 0 0 0 2-2V7M10 8h4M10 12h4",
  store: "M3 9l1.5-5h15L21 9M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v8h14v-8M10 20v-5h4v5",
  hiking: "M13 4a2 2 0 1 0 0-.01M9 21l2-6 3 3v3M11 15l1-5 3 3h3M12 10l-3 1-1 4M19 10v11",
  utensils: "M7 2v9M4 2v5a3 3 0 0 0 6 0V2M7 11v11M17 2c-2 1-3 3.5-3 6.5V13h3v9M17 2v20",
  bed: "M3 7v13M3 16h18M21 20v-7a3 3 0 0 0-3-3h-7v6M7 13a2 2 0 1 0 0-.01",
  pin: "M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12ZM12 12a2 2 0 1 0 0-.01",
  coffee: "M4 9h13v5a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5V9ZM17 10h1.5a2.5 2.5 0 0 1 0 5H17M8 2v3M12 2v3",
};

export const iconForCategory = (categoryId: number | null | undefined) => categoryById(categoryId)?.icon ?? "pin";

export function Icon(props: { name: string; className?: string }) {
  return (
    <svg {...lineIcon} className={props.className ?? "h-5 w-5"}>
      <path d={ICON_PATHS[props.name] ?? ICON_PATHS.pin} />
    </svg>
  );
}

/** Icon circle colours (light and dark). */
export const ICON_CIRCLE: Record<CategoryColour, string> = {
  amber: "bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200",
  emerald: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/50 dark:text-emerald-200",
  purple: "bg-purple-100 text-purple-800 dark:bg-purple-900/50 dark:text-purple-200",
  red: "bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200",
  orange: "bg-orange-100 text-orange-800 dark:bg-orange-900/50 dark:text-orange-200",
  blue: "bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200",
  gray: "bg-gray-100 text-gray-800 dark:bg-gray-800 dark:text-gray-200",
};

export function CategoryIconCircle(props: {
  categoryId?: number | null;
  icon?: string;
  colour?: CategoryColour;
  className?: string;
}) {
  const colour = props.colour ?? categoryColour(props.categoryId);
  return (
    <span
      className={`inline-flex shrink-0 items-center justify-center rounded-full ${ICON_CIRCLE[colour]} ${props.className ?? "h-10 w-10"}`}
    >
      <Icon name={props.icon ?? iconForCategory(props.categoryId)} className="h-5 w-5" />
    </span>
  );
}
