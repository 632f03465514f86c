import { Elysia } from "elysia";
import { HttpError, type CurrentUser, type RequestUser } from "../../src/http";

/** The product's text for everyone but the admin (docs/product.md#texts), from the domain leaf. */
import { ACCESS_DENIED } from "../../src/domain/accounts";
export { ACCESS_DENIED };
export const SIGN_IN_REQUIRED = "Please sign in.";

export type AuthRole = "user" | "admin";

export interface GuardOptions {
  /** The 401 message of this module (e.g. "Please sign in to use favorites."). */
  signInMessage?: string;
  /** For page routes: the page to answer instead of the JSON error (the landing page, the access-denied page). */
  denied?: (request: Request, status: 401 | 403) => Response | Promise<Response>;
}

/**
 * The one auth guard (docs/decisions/015-module-map.md item 4), an Elysia macro:
 *
 *   .use(guard({ signInMessage }))
 *   .get("/x", ({ user }) => …, { auth: "user" })     // any signed-in account, guests included
 *   .get("/y", ({ user }) => …, { auth: "admin" })    // the claimed admin only (docs/product.md#accounts)
 *   .post("/z", ({ user }) => …, { optionalAuth: true }) // user: RequestUser | null
 *
 * The check runs in `transform`, before body/query validation, so an anonymous caller gets 401 (and a
 * non-admin 403) whatever it sent; `resolve` then hands the handler the user (one session lookup per
 * request: `currentUser` is cached per request by the auth module).
 */
export function createGuard(currentUser: CurrentUser) {
  const check = async (request: Request, role: AuthRole, options: GuardOptions): Promise<RequestUser> => {
    const user = await currentUser(request);
    const status = !user ? 401 : role === "admin" && !user.isAdmin ? 403 : 0;
    if (!status) return user!;
    const error = new HttpError(status, status === 401 ? (options.signInMessage ?? SIGN_IN_REQUIRED) : ACCESS_DENIED);
    if (options.denied) {
      const denied = options.denied;
      error.render = () => denied(request, status as 401 | 403);
    }
    throw error;
  };
  let instances = 0;
  // A distinct seed per instance: Elysia would otherwise merge two guards with different options as one plugin.
  return (options: GuardOptions = {}) =>
    new Elysia({ name: "auth-guard", seed: ++instances }).macro({
      auth: (role: AuthRole) => ({
        async transform({ request }: { request: Request }) {
          await check(request, role, options);
        },
        async resolve({ request }: { request: Request }) {
          return { user: await check(request, role, options) };
        },
      }),
      optionalAuth: (enabled: boolean) => ({
        async resolve({ request }: { request: Request }) {
          return { user: enabled ? await currentUser(request) : null };
        },
      }),
    });
}

export type AuthGuard = ReturnType<typeof createGuard>;
