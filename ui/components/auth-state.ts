import { atom } from "jotai";
import type { AuthMode } from "./account";

/** The landing page's auth dialog: closed (null) or open in one mode. Shared by the landing islands. */
export const authDialogAtom = atom<AuthMode | null>(null);
/** True once sign-in succeeded and the app is loading: a full-screen 'Loading...' covers the page. */
export const enteringAppAtom = atom(false);
