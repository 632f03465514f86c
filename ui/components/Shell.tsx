import type { ReactNode } from "react";
import { Island } from "../island";
import Toaster from "../islands/Toaster";
import { LoadingScreen } from "./Loading";
import { ChatIcon, HeartIcon, HomeIcon, LogoMark, MapIcon, TripIcon, UserIcon } from "./icons";
import { useViewer } from "./viewer";

const TABS = [
  { href: "/", label: "Home", Icon: HomeIcon },
  { href: "/map", label: "Map", Icon: MapIcon },
  { href: "/favorites", label: "Favorites", Icon: HeartIcon },
  { href: "/trips", label: "Trips", Icon: TripIcon },
  { href: "/profile", label: "Profile", Icon: UserIcon },
] as const;

const isCurrent = (href: string, path: string) => (href === "/" ? path === "/" : path.startsWith(href));

/**
 * The app shell: header, main content, attribution footer, the main tabs and the toast region. Below 1024 px
 * the tabs sit at the bottom; from 1024 px they are a bar in the header (docs/decisions/026-traveller-polish.md). CSS only: the shell is
 * rendered on the server and ships no JavaScript of its own. `wide` pages (lists, the map) use up to 72 rem from 1024 px.
 */
export function Shell(props: { path: string; children: ReactNode; wide?: boolean }) {
  // Who is signed in (src/pages.tsx provides it): the admin button only for the admin (docs/decisions/013-signed-in-shell.md).
  const viewer = useViewer();
  const width = props.wide ? "max-w-3xl lg:max-w-6xl" : "max-w-3xl";
  return (
    <>
      <a
        href="#main"
        className="sr-only-focusable fixed left-2 top-2 z-60 rounded bg-surface px-3 py-2 text-primary shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur print:static">
        <div className="mx-auto flex h-14 max-w-3xl items-center justify-between gap-4 px-4 lg:max-w-6xl">
          <a href="/" className="flex items-center gap-2 rounded-lg focus-ring" aria-label="LocalScope home">
            <LogoMark />
            <span className="text-lg font-bold tracking-tight text-ink">LocalScope</span>
          </a>
          {/* A signed-out visitor (a share link, /about) gets only what works for them: no tabs, a way to sign in. */}
          {!viewer && (
            <a
              href="/"
              className="inline-flex min-h-11 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold text-primary ring-1 ring-line hover:ring-primary focus-ring print:hidden"
              data-testid="visitor-sign-in"
            >
              Try it or sign in
            </a>
          )}
          {viewer && (
            <nav aria-label="Main" className="hidden lg:block print:hidden" data-testid="top-nav">
              <TabLinks
                path={props.path}
                listClass="flex items-center gap-1"
                linkClass={(current) =>
                  `flex h-10 items-center gap-2 rounded-full px-4 text-sm focus-ring ${current ? "bg-[var(--ls-page)] font-semibold text-primary" : "text-ink-soft hover:bg-black/5 hover:text-primary dark:hover:bg-white/10"}`
                }
                iconClass="h-5 w-5"
              />
            </nav>
          )}
          {viewer && (
            <nav aria-label="Account" className="flex items-center gap-1 print:hidden">
              <a href="/chat" className="icon-btn" aria-label="AI travel assistant" data-tooltip="AI travel assistant">
                <ChatIcon />
              </a>
              {viewer?.isAdmin && (
                <a
                  href="/admin"
                  className="icon-btn"
                  aria-label="Admin panel"
                  data-tooltip="Admin panel"
                  data-testid="admin-button"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="h-5 w-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinejoin="round"
                  >
                    <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z" />
                  </svg>
                </a>
              )}
              <a href="/profile" className="icon-btn" aria-label="Profile" data-tooltip="Profile">
                <UserIcon />
              </a>
            </nav>
          )}
        </div>
      </header>
      <main id="main" className={`mx-auto px-4 pb-28 pt-4 lg:pb-10 lg:pt-6 ${width}`}>
        {props.children}
      </main>
      <footer className={`mx-auto px-4 pb-28 text-xs text-ink-soft lg:pb-8 ${width}`}>
        <p>
          LocalScope — Travel Enlightened. Every place we show is real and sourced. City data:{" "}
          <a
            className="underline hover:text-primary"
            href="https://simplemaps.com/data/us-cities"
            rel="noopener"
            target="_blank"
          >
            SimpleMaps US Cities Database
          </a>{" "}
          (
          <a
            className="underline hover:text-primary"
            href="https://creativecommons.org/licenses/by/4.0/"
            rel="noopener license"
            target="_blank"
          >
            CC BY 4.0
          </a>
          ). Large-city populations are urban-area figures.{" "}
          <a className="underline hover:text-primary" href="/about">
            All data sources and licences
          </a>
          .
        </p>
      </footer>
      {viewer && (
        <nav
          aria-label="Main"
          className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-surface/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden print:hidden"
          data-testid="bottom-tabs"
        >
          <TabLinks
            path={props.path}
            listClass="mx-auto grid max-w-3xl grid-cols-5"
            linkClass={(current) =>
              `flex flex-col items-center gap-0.5 py-2 text-xs focus-ring ${current ? "text-primary font-semibold" : "text-ink-soft hover:text-primary"}`
            }
            iconClass="h-6 w-6"
          />
        </nav>
      )}
      <Island name="Toaster" component={Toaster} props={{}} hydrate="idle" />
      {/* The session watch's overlay, shown while it asks whether the session still holds (ui/session-watch.ts). */}
      {viewer && (
        <div data-session-watch hidden>
          <LoadingScreen overlay />
        </div>
      )}
    </>
  );
}

/** The four main tabs as links: the top bar (from 1024 px) and the bottom tabs (phones) differ only in classes. */
function TabLinks(props: {
  path: string;
  listClass: string;
  linkClass: (current: boolean) => string;
  iconClass: string;
}) {
  return (
    <ul className={props.listClass}>
      {TABS.map(({ href, label, Icon }) => {
        const current = isCurrent(href, props.path);
        return (
          <li key={href}>
            <a href={href} aria-current={current ? "page" : undefined} className={props.linkClass(current)}>
              <Icon className={props.iconClass} />
              {label}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
