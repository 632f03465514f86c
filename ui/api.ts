/** The client's generic request helper: JSON in and out, credentials always, one error shape read. */
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

export async function apiRequest<T>(method: string, url: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, {
    method,
    credentials: "include",
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
