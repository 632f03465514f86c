import type { ReactNode } from "react";
import { LogoMark, lineIcon } from "../components/icons";
import AuthButton from "../islands/AuthButton";
import AuthDialog from "../islands/AuthDialog";
import GuestButton from "../islands/GuestButton";
import LegalLinks from "../islands/LegalLinks";
import { Island } from "../island";

const svg = { ...lineIcon, className: "h-6 w-6" } as const;

/** "31,254": how many cities the search knows, counted from the data (never typed in). */
export const cityCountText = (count: number) => count.toLocaleString("en-US");

const features = (cityCount: number): Array<{ title: string; text: string; icon: ReactNode }> => [
  {
    title: "Discover Local Gems",
    text: "Cafés, restaurants and independent shops in the heart of downtown, from real open data — not ads.",
    icon: (
      <svg {...svg}>
        <path d="M6 3h12l4 6-10 12L2 9Z" />
        <path d="M2 9h20M12 21 8 9l4-6 4 6-4 12" />
      </svg>
    ),
  },
  {
    title: "Interactive Maps",
    text: "Every place on a map around your city's centre, with distances and directions one tap away.",
    icon: (
      <svg {...svg}>
        <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Z" />
        <path d="M9 4v14M15 6v14" />
      </svg>
    ),
  },
  {
    title: "AI Travel Assistant",
    text: "Ask what to eat, see or do today and get answers grounded in the city's real places.",
    icon: (
      <svg {...svg}>
        <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
        <path d="M9 11h.01M12 11h.01M15 11h.01" />
      </svg>
    ),
  },
  {
    title: "Save Favorites",
    text: "Keep the cities, places, activities and fun facts you love, and find them again on any visit.",
    icon: (
      <svg {...svg}>
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
      </svg>
    ),
  },
  {
    title: `${cityCountText(cityCount)} Cities`,
    text: "From big cities to small towns in all 50 states and DC: history, fun facts, lodging and more.",
    icon: (
      <svg {...svg}>
        <path d="M3 21h18M5 21V8l5-3v16M10 21V3l9 5v13" />
        <path d="M14 11h2M14 15h2" />
      </svg>
    ),
  },
  {
    title: "Real-Time Updates",
    text: "Open-now hours in each city's time zone, and lists that follow the city you pick instantly.",
    icon: (
      <svg {...svg}>
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
    ),
  },
];

const stats = (cityCount: number) => [
  { value: cityCountText(cityCount), label: "Cities" },
  { value: "50", label: "States & DC" },
  { value: "AI", label: "Recommendations" },
];

const HERO_STYLE = { backgroundImage: "linear-gradient(135deg, var(--ls-primary-dark), var(--ls-primary))" };
const ON_HERO_SOLID =
  "inline-flex min-w-40 items-center justify-center rounded-full bg-white px-6 py-3 font-semibold text-primary-dark shadow hover:bg-white/90 focus:outline-none focus-visible:ring-2 focus-visible:ring-white focus-visible:ring-offset-2 focus-visible:ring-offset-[var(--ls-primary-dark)]";
const ON_HERO_OUTLINE =
  "inline-flex min-w-40 items-center justify-center rounded-full px-6 py-3 font-semibold text-white ring-2 ring-white/80 hover:bg-white/10 focus:outline-none focus-visible:ring-4 focus-visible:ring-white";

/**
 * The landing page (docs/product.md), shown to signed-out visitors whatever the path: hero,
 * six feature cards, stats, a call to action, the footer with the policies and a contact link, and the
 * auth dialog. "Continue as guest" creates a guest account (docs/product.md#accounts).
 */
export function LandingPage({ cityCount }: { cityCount: number }) {
  return (
    <div className="flex min-h-screen flex-col" data-testid="landing">
      <a
        href="#main"
        className="sr-only-focusable fixed left-2 top-2 z-60 rounded bg-surface px-3 py-2 text-primary shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between px-4">
          <span className="flex items-center gap-2">
            <LogoMark />
            <span className="text-lg font-bold tracking-tight text-ink">LocalScope</span>
          </span>
          <Island
            name="AuthButton"
            component={AuthButton}
            props={{
              mode: "signin",
              label: "Sign In",
              className:
                "inline-flex items-center rounded-full bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-dark focus-ring",
            }}
          />
        </div>
      </header>

      <main id="main" className="flex-1">
        <section
          aria-labelledby="hero-heading"
          className="px-4 py-14 text-center text-white sm:py-20"
          style={HERO_STYLE}
        >
          <div className="mx-auto max-w-2xl">
            <p className="text-sm font-semibold uppercase tracking-wider text-white/90">
              Your companion for every US city
            </p>
            <h1 id="hero-heading" className="mt-3 text-4xl font-extrabold leading-tight sm:text-5xl">
              Travel Enlightened with LocalScope
            </h1>
            <p className="mx-auto mt-4 max-w-xl text-lg text-white/95">
              Discover local gems, hidden history and the best places to eat, stay and explore in{" "}
              {cityCountText(cityCount)} US cities — every place real and sourced.
            </p>
            <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
              <Island
                name="AuthButton"
                component={AuthButton}
                props={{ mode: "register", label: "Get Started Free", className: ON_HERO_SOLID }}
              />
              <Island
                name="AuthButton"
                component={AuthButton}
                props={{ mode: "signin", label: "Sign In", className: ON_HERO_OUTLINE }}
              />
            </div>
            <div className="mt-5">
              <Island
                name="GuestButton"
                component={GuestButton}
                props={{
                  className:
                    "rounded px-2 py-1 font-medium text-white underline underline-offset-4 hover:text-white/90 focus:outline-none focus-visible:ring-2 focus-visible:ring-white disabled:opacity-70",
                }}
              />
            </div>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="mx-auto max-w-5xl px-4 py-12">
          <h2 id="features-heading" className="text-center text-2xl font-bold sm:text-3xl">
            Everything you need to explore a city
          </h2>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {features(cityCount).map((feature) => (
              <li key={feature.title} className="card p-5">
                <span className="ls-gradient inline-flex h-11 w-11 items-center justify-center rounded-xl text-white">
                  {feature.icon}
                </span>
                <h3 className="mt-3 text-lg font-semibold">{feature.title}</h3>
                <p className="mt-1 text-ink-soft">{feature.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="stats-heading" className="border-y border-line bg-surface">
          <h2 id="stats-heading" className="sr-only">
            LocalScope in numbers
          </h2>
          <dl className="mx-auto grid max-w-5xl grid-cols-3 gap-2 px-4 py-8 text-center">
            {stats(cityCount).map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse">
                <dt className="break-words text-xs text-ink-soft [hyphens:auto] sm:text-sm">{stat.label}</dt>
                <dd className="text-2xl font-extrabold text-primary sm:text-4xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="cta-heading" className="mx-auto max-w-3xl px-4 py-14 text-center">
          <h2 id="cta-heading" className="text-2xl font-bold sm:text-3xl">
            Ready to explore?
          </h2>
          <p className="mt-2 text-ink-soft">
            Create a free account to save favorites and pick up where you left off on any device.
          </p>
          <div className="mt-6">
            <Island
              name="AuthButton"
              component={AuthButton}
              props={{
                mode: "register",
                label: "Create Free Account",
                className:
                  "inline-flex items-center justify-center rounded-full bg-primary px-7 py-3 text-lg font-semibold text-white shadow hover:bg-primary-dark focus-ring",
              }}
            />
          </div>
        </section>
      </main>

      <footer className="border-t border-line bg-surface px-4 py-8 text-center text-ink-soft">
        <p className="flex items-center justify-center gap-2 font-semibold text-ink">
          <LogoMark className="h-6 w-6" /> LocalScope
        </p>
        <p className="mt-1 text-sm">Travel Enlightened</p>
        <nav aria-label="Legal and contact" className="mt-4">
          <Island name="LegalLinks" component={LegalLinks} props={{}} />
        </nav>
        <p className="mt-4 text-xs">
          © {new Date().getFullYear()} LocalScope. Places from open datasets and © OpenStreetMap contributors.
        </p>
      </footer>
      <Island name="AuthDialog" component={AuthDialog} props={{}} />
    </div>
  );
}
