/**
 * The client's generic request helper: JSON in and out, one error shape read. Credentials (the session
 * cookie) go with every call unless `credentials: "omit"` is asked for (the map's place calls, spec §6).
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
}

export async function apiRequest<T>(
  method: string,
  url: string,
  body?: unknown,
  options?: AbortSignal | RequestOptions,
): Promise<T> {
  const { signal, credentials = "include" } =
    options instanceof AbortSignal || options === undefined ? { signal: options } : options;
  const response = await fetch(url, {
    method,
    credentials,
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
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
