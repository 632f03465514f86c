/**
 * The client's generic request helper: JSON in and out, one error shape read. Credentials (the session
 * cookie) go with every call unless `credentials: "omit"` is asked for (the map's place calls, docs/product.md#accounts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface RequestOptions {
  signal?: AbortSignal;
  credentials?: RequestCredentials;
  /** The browser's HTTP cache for this request ("no-store": always ask the server). */
  cache?: RequestCache;
  /** Outlives the page (a record sent while navigating away). */
  keepalive?: boolean;
}

/** The answer's JSON and its headers (a paged list's totals come in headers). Errors as `apiRequest`. */
export async function apiResponse<T>(
  method: string,
  url: string,
  body?: unknown,
  options?: AbortSignal | RequestOptions,
): Promise<{ data: T; headers: Headers }> {
  const {
    signal,
    credentials = "include",
    cache,
    keepalive,
  } = options instanceof AbortSignal || options === undefined ? ({ signal: options } as RequestOptions) : options;
  const response = await fetch(url, {
    method,
    credentials,
    cache,
    keepalive,
    headers: body === undefined ? undefined : { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    let message = `HTTP ${response.status}: ${response.statusText}`;
    let errors: Record<string, string[]> = {};
    try {
      const data = await response.json();
      if (typeof data?.message === "string") message = data.message;
      if (data?.errors && typeof data.errors === "object") errors = data.errors;
      else if (data?.details && typeof data.details === "object") errors = data.details;
    } catch {
      // Not JSON: keep the status text.
    }
    throw new ApiError(response.status, message, errors);
  }
  if (response.status === 204) return { data: undefined as T, headers: response.headers };
  return { data: (await response.json()) as T, headers: response.headers };
}

/** Every JSON request of the client: credentials included, a non-2xx answer thrown as an ApiError. */
export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  options?: AbortSignal | RequestOptions,
): Promise<T> {
  return (await apiResponse<T>(method, url, body, options)).data;
}
