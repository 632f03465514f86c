import type { ReactElement } from "react";
import { LANDING_PATH, ViewerContext, type Viewer } from "../ui/components/viewer";
import { cityCountText, LandingPage } from "../ui/pages/Landing";
import type { Render, RenderOptions } from "./ssr";

/** Who is signing the request (the /api/auth/me payload), null when signed out. */
export type ViewerOf = (request: Request) => Promise<Viewer | null>;

/** Pages anyone may read, signed in or not (the API, assets, /healthz and /basemap are other plugins). */
export const PUBLIC_PAGES = new Set(["/about"]);

/** A path that names a file (has an extension) or lives under /assets: a missing one is a plain 404, never the landing page. */
export const isFilePath = (path: string) => path.startsWith("/assets/") || /\.[a-z0-9]{1,8}$/i.test(path);

export const LANDING_TITLE = "LocalScope — Travel Enlightened";
const landingDescription = (cityCount: number) =>
  `Discover local gems, history, food and lodging in ${cityCountText(cityCount)} US cities. Sign in, register or continue as a guest.`;

/** A page a route asked for, rendered after the handler with the viewer in context (see `signInGate`). */
class PageToRender {
  constructor(
    readonly page: ReactElement,
    readonly options: RenderOptions,
  ) {}
}

/**
 * Routing by sign-in state (docs/product.md, docs/decisions/013-signed-in-shell.md), decided on the server so the first
 * paint is already right:
 * - signed out: the landing page, whatever the path (except PUBLIC_PAGES);
 * - signed in (registered or guest): the app routes, each rendered with the viewer in React context so the
 *   shared Shell can show the admin button to the admin only;
 * - LANDING_PATH for someone signed in redirects to / (the route in src/pages.tsx).
 *
 * Use: `.onBeforeHandle(gate.beforeHandle).mapResponse(gate.mapResponse)` before the page routes, and
 * `gate.render` in place of the renderer inside them.
 */
export function signInGate(deps: {
  render: Render;
  viewerOf: ViewerOf;
  themeOf: (request: Request) => string | undefined;
  cityCount: number;
}) {
  // One lookup per request, whichever hook asks first.
  const seen = new WeakMap<Request, Promise<Viewer | null>>();
  const viewerOf = (request: Request) => {
    let pending = seen.get(request);
    if (!pending) {
      pending = deps.viewerOf(request);
      seen.set(request, pending);
    }
    return pending;
  };

  const landing = (request: Request, status = 200) =>
    deps.render(<LandingPage cityCount={deps.cityCount} />, {
      title: LANDING_TITLE,
      description: landingDescription(deps.cityCount),
      status,
      theme: deps.themeOf(request),
    });

  const renderWith = async (request: Request, page: ReactElement, options: RenderOptions) =>
    deps.render(<ViewerContext value={await viewerOf(request)}>{page}</ViewerContext>, options);

  return {
    viewerOf,
    landing,
    /** Render at once with the viewer in context (for answers built outside a route, e.g. the auth guard's 403 page). */
    renderNow: renderWith,
    /** What page routes call instead of the renderer: the page is rendered in `mapResponse`, where the request is known. */
    render: async (page: ReactElement, options: RenderOptions) => new PageToRender(page, options),
    beforeHandle: async ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname;
      if (PUBLIC_PAGES.has(path)) return;
      if (!(await viewerOf(request))) return landing(request);
    },
    mapResponse: async ({ responseValue, request }: { responseValue: unknown; request: Request }) => {
      if (responseValue instanceof PageToRender) return renderWith(request, responseValue.page, responseValue.options);
    },
    /** For the app-wide 404 handler: the landing page (with 404) when signed out, else the page with the viewer. */
    notFound: async (request: Request, page: ReactElement, options: RenderOptions) => {
      const path = new URL(request.url).pathname;
      if (!isFilePath(path) && !(await viewerOf(request))) return landing(request, 404);
      return renderWith(request, page, options);
    },
  };
}

export type SignInGate = ReturnType<typeof signInGate>;
