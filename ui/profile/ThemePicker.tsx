import { useState } from "react";
import { applyTheme } from "../components/device";
import { THEMES } from "../themes";
import { icon } from "./icons";

/** The Appearance section: the 16 themes; a choice applies at once and is kept on this device. */
export function ThemePicker(props: { theme: string }) {
  const [theme, setTheme] = useState(props.theme);
  return (
    <section aria-labelledby="appearance-heading" className="card p-5">
      <h2 id="appearance-heading" className="text-lg font-semibold">
        Appearance
      </h2>
      <p className="text-sm text-ink-soft">Choose a theme. It applies at once and is kept on this device.</p>
      <div
        role="group"
        aria-labelledby="appearance-heading"
        className="mt-3 grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4"
      >
        {THEMES.map((t) => {
          const selected = t.name === theme;
          return (
            <button
              key={t.name}
              type="button"
              aria-pressed={selected}
              data-theme-option={t.name}
              onClick={() => {
                applyTheme(t.name);
                setTheme(t.name);
              }}
              className={`flex items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-medium focus-ring ${selected ? "bg-black/5 ring-2 ring-primary dark:bg-white/10" : "ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10"}`}
            >
              <span
                aria-hidden="true"
                className="h-6 w-6 shrink-0 rounded-full"
                style={{ backgroundImage: `linear-gradient(135deg, ${t.gradient[0]}, ${t.gradient[1]})` }}
              />
              <span className="flex-1">{t.label}</span>
              {selected && (
                <svg {...icon} className="h-4 w-4 text-primary">
                  <path d="m5 12 5 5 9-10" />
                </svg>
              )}
            </button>
          );
        })}
      </div>
    </section>
  );
}
