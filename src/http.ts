import { Elysia } from "elysia";
import * as v from "valibot";

/**
 * One error shape for every 4xx/5xx JSON answer:
 *   { "message": "...", "errors": { field: ["..."] } }
 * `errors` is present (possibly empty) on every error so clients can read it blindly.
 */
export type FieldErrors = Record<string, string[]>;
export interface ErrorBody {
  message: string;
  errors: FieldErrors;
}

export class HttpError extends Error {
  /** For page routes: an HTML answer to send instead of the JSON error (e.g. the access-denied page). */
  render?: () => Response | Promise<Response>;
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * Declare a plugin's onRequest hooks synchronous (decision 033). Elysia guesses whether a hook is async
 * from its source text: any `return f(`, `=> f(`, "async" or "await" in it counts. One async onRequest hook
 * compiles the app's request handler as an async function that awaits each such hook: a promise and a
 * microtask turn per hook on every request. The hooks given here are called without `await`; each must answer
 * undefined (go on), a Response, or a promise only when it certainly answers (a Promise<Response>).
 */
export function syncRequestHooks<T extends { event: object }>(plugin: T): T {
  for (const hook of (plugin.event as { request?: Array<{ isAsync?: boolean }> }).request ?? []) hook.isAsync = false;
  return plugin;
}

export const badRequest = (message: string, errors: FieldErrors = {}) => new HttpError(400, message, errors);
export const notFound = (message = "Not found") => new HttpError(404, message);

export function jsonError(status: number, message: string, errors: FieldErrors = {}, headers?: HeadersInit): Response {
  const body: ErrorBody = { message, errors };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", ...headers },
  });
}

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };
type StandardSchemaLike = {
  "~standard": { validate(value: unknown): { issues?: ReadonlyArray<Issue> } | Promise<unknown> };
};

/** Turn Standard Schema issues (valibot's) into `{ field: [messages] }`, every issue kept. */
export function issuesToFieldErrors(issues: ReadonlyArray<Issue>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field =
      issue.path && issue.path.length > 0
        ? issue.path.map((p) => String(typeof p === "object" && p !== null && "key" in p ? p.key : p)).join(".")
        : "_";
    (errors[field] ??= []).includes(issue.message) || errors[field]!.push(issue.message);
  }
  return errors;
}

function summarise(errors: FieldErrors): string {
  const first = Object.values(errors)[0]?.[0];
  const count = Object.values(errors).reduce((n, list) => n + list.length, 0);
  if (!first) return "The request is not valid.";
  return count > 1 ? `${first} (and ${count - 1} more problem${count > 2 ? "s" : ""})` : first;
}

/** Re-run the failing schema on the failing value so that every problem is reported, not only the first. */
function validationErrors(error: unknown): FieldErrors {
  const e = error as { validator?: { schema?: unknown }; value?: unknown; all?: Issue[] };
  const schema = e.validator?.schema as StandardSchemaLike | undefined;
  if (schema && typeof schema === "object" && "~standard" in schema) {
    const result = schema["~standard"].validate(e.value);
    if (!(result instanceof Promise) && result.issues?.length) return issuesToFieldErrors(result.issues);
  }
  const all = Array.isArray(e.all) ? e.all : [];
  return { _: all.map((i) => i.message).filter(Boolean) };
}

export type Logger = {
  error(...args: unknown[]): void;
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
};

/**
 * The app-wide error handler. Validation → 400 with every field; malformed body → 400;
 * unknown /api path → 404 JSON; HttpError → its status; anything else → 500 + a log line.
 * `renderNotFoundPage` answers unknown non-API paths with the HTML 404 page.
 */
export function errorHandling(options: {
  log: Logger;
  renderNotFoundPage?: (request: Request) => Response | Promise<Response>;
  /** The app's routes (read at the first unmatched request): a path served for other methods answers 405. */
  routes?: () => ReadonlyArray<{ method: string; path: string }>;
}) {
  let patterns: Array<{ method: string; pattern: RegExp }> | undefined;
  /** The methods the app serves at this path (a catch-all route counts for none). */
  const allowedAt = (path: string): string[] => {
    patterns ??= (options.routes?.() ?? [])
      .filter((route) => !/^\/?\*$/.test(route.path))
      .map((route) => ({
        method: route.method,
        pattern: new RegExp(
          `^${route.path
            .split("/")
            .map((segment) =>
              segment === "*"
                ? ".*"
                : segment.startsWith(":")
                  ? "[^/]+"
                  : segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
            )
            .join("/")}/?$`,
        ),
      }));
    return [...new Set(patterns.filter((p) => p.pattern.test(path)).map((p) => p.method))];
  };
  const answer = async (code: unknown, error: unknown, request: Request): Promise<Response> => {
    // Elysia wraps whatever a parser throws in its ParseError: an HttpError from our body limits keeps its answer.
    if (code === "PARSE" && (error as { cause?: unknown })?.cause instanceof HttpError)
      error = (error as { cause: HttpError }).cause;
    if (error instanceof HttpError)
      return error.render ? error.render() : jsonError(error.status, error.message, error.errors);
    switch (code) {
      case "VALIDATION": {
        const errors = validationErrors(error);
        return jsonError(400, summarise(errors), errors);
      }
      case "PARSE":
        return jsonError(400, "The request body is not valid JSON.", { body: ["The request body is not valid JSON."] });
      case "NOT_FOUND": {
        const path = pathOf(request);
        const allowed = allowedAt(path);
        if (allowed.length && !allowed.includes(request.method) && request.method !== "HEAD") {
          const allow = allowed.join(", ");
          return jsonError(405, `${request.method} is not allowed here (allowed: ${allow}).`, {}, { allow });
        }
        if (path === "/api" || path.startsWith("/api/") || !options.renderNotFoundPage) {
          return jsonError(404, `No API route matches ${request.method} ${path.slice(0, 200)}.`);
        }
        return options.renderNotFoundPage(request);
      }
      case "INVALID_COOKIE_SIGNATURE":
        return jsonError(400, "A cookie was tampered with.");
      default: {
        const status = (error as { status?: number })?.status;
        if (typeof status === "number" && status >= 400 && status < 500) {
          return jsonError(status, (error as Error).message || "The request could not be handled.");
        }
        if (isStorageFailure(error)) {
          options.log.error(`[storage] ${request.method} ${pathOf(request)}: ${storageReason(error)}`);
          return jsonError(503, STORAGE_UNAVAILABLE, {}, { "retry-after": "30", "cache-control": "no-store" });
        }
        const busy = reasonIn(error, BUSY_FAILURE);
        if (busy) {
          options.log.warn(`[busy] ${request.method} ${pathOf(request)}: ${busy}`);
          return jsonError(503, DATABASE_BUSY, {}, { "retry-after": "5", "cache-control": "no-store" });
        }
        options.log.error(`[error] ${request.method} ${pathOf(request)}:`, error);
        return jsonError(500, "Something went wrong on our side. Please try again.");
      }
    }
  };
  return new Elysia({ name: "error-handling" }).onError({ as: "global" }, async ({ code, error, request }) => {
    // The error handler itself must never throw (a garbled request once made it answer a bare 500).
    try {
      return await answer(code, error, request);
    } catch (failure) {
      try {
        options.log.error(`[error] the error handler failed on ${request.method} ${pathOf(request)}:`, failure);
      } catch {
        // Logging is best effort here.
      }
      return jsonError(500, "Something went wrong on our side. Please try again.");
    }
  });
}

/** What writes answer while the disk is full or the database read-only (docs/decisions/019-request-hardening.md item 5). */
export const STORAGE_UNAVAILABLE = "Storage is unavailable. Please try again later.";

const STORAGE_FAILURE =
  /SQLITE_(FULL|READONLY|IOERR|CANTOPEN|CORRUPT|NOTADB)|database or disk is full|readonly database|disk I\/O error|unable to open database/i;
/** A database failure that comes from the disk or the file (full, read-only, unreadable), not from the query. */
export function isStorageFailure(error: unknown): boolean {
  return storageReason(error) !== undefined;
}
/** The first message in the error's cause chain that names a storage failure, if any. */
export function storageReason(error: unknown): string | undefined {
  return reasonIn(error, STORAGE_FAILURE);
}

/**
 * What a request answers when the database stayed locked by another writer through the database layer's
 * retries (about 10 s, db/client.ts): a wait, not a fault of the server's code, so 503 with Retry-After.
 */
export const DATABASE_BUSY = "The server is busy. Please try again in a few seconds.";
const BUSY_FAILURE = /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked/i;

/** The first message (with its code) in the error's cause chain that `pattern` matches, if any. */
function reasonIn(error: unknown, pattern: RegExp): string | undefined {
  for (let e: unknown = error, i = 0; e && i < 8; e = (e as { cause?: unknown }).cause, i++) {
    const text = `${(e as { code?: unknown }).code ?? ""} ${(e as Error).message ?? String(e)}`;
    if (pattern.test(text)) return text.trim().slice(0, 200);
  }
  return undefined;
}

/** The path of a request, "/" when its URL cannot be parsed (never throws). */
export function pathOf(request: Request): string {
  const url = request.url;
  const start = url.startsWith("/") ? 0 : url.indexOf("/", url.indexOf("//") + 2);
  if (start < 0) return "/";
  const end = url.slice(start).search(/[?#]/);
  return (end < 0 ? url.slice(start) : url.slice(start, start + end)) || "/";
}

/**
 * A query-string text field. Elysia's Standard-Schema query parser splits any value that contains a comma
 * into an array ("springfield, mo" → ["springfield", " mo"]); this joins it back so text stays text.
 */
export const queryText = (fallback = "") =>
  v.pipe(
    v.optional(v.union([v.string(), v.array(v.string())]), fallback),
    v.transform((value) => (Array.isArray(value) ? value.join(",") : value)),
  );

/**
 * A body field that may come as text or as a number (some clients send ids as numbers): a number becomes its
 * text, text is trimmed, anything else is left as it is for the field's own check.
 */
export const textOrNumber = () =>
  v.pipe(
    v.unknown(),
    v.transform((value) =>
      typeof value === "number" && Number.isFinite(value)
        ? String(value)
        : typeof value === "string"
          ? value.trim()
          : value,
    ),
  );

/** The signed-in user behind a request (registered or guest), as other modules see it. */
export interface RequestUser {
  id: number;
  isGuest: boolean;
  isAdmin: boolean;
}
/**
 * How a module asks "who is calling?": the auth module provides it, app.ts hands it to the modules that
 * need it (discovery's load-more, favorites, chat, admin). `null` means anonymous.
 */
export type CurrentUser = (request: Request) => Promise<RequestUser | null>;

// The client's address, scheme and host, honouring TRUSTED_PROXIES (src/proxies.ts): one place for all of them.
export { clientAddress, isHttps, requestHost } from "./proxies";

/**
 * Validate a query inside a handler as a route's `query` schema does (every issue of every field): the
 * parsed output, or the same 400 answer the app's error handler gives a failed route validation.
 */
export function parseQueryOrThrow<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const errors = issuesToFieldErrors(result.issues as unknown as ReadonlyArray<Issue>);
  throw new HttpError(400, summarise(errors), errors);
}

/**
 * Validate a value inside a handler: the parsed output, or a 400 HttpError listing every failing field
 * (one message per field: the first rule it breaks).
 */
export function parseOrThrow<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value, { abortPipeEarly: true });
  if (result.success) return result.output;
  const errors = issuesToFieldErrors(result.issues as unknown as ReadonlyArray<Issue>);
  throw new HttpError(400, summarise(errors), errors);
}
