import { createContext, useContext } from "react";
// Type only: erased from the browser bundle, so none of the server module's dependencies come along.
import type { PublicUser } from "../../modules/auth";

/**
 * Who is looking at a server-rendered page (docs/decisions/013-signed-in-shell.md): the user payload of /api/auth/me, or null when
 * signed out. src/pages.tsx provides it around every page; only server-rendered parts (the Shell) read it.
 * Islands get what they need as props, because the context does not exist in the browser.
 */
export type Viewer = PublicUser;

/** Where the landing page lives; signed-out visitors see it at any path, signed-in ones are sent to / (decision 013). */
export const LANDING_PATH = "/welcome";

export const ViewerContext = createContext<Viewer | null>(null);
export const useViewer = () => useContext(ViewerContext);

/** The name the app shows for a user: the username, or 'Guest Explorer' for guests (docs/product.md#accounts). */
export const displayName = (viewer: Pick<Viewer, "username" | "isGuest"> | null | undefined) =>
  viewer && !viewer.isGuest && viewer.username ? viewer.username : "Guest Explorer";
