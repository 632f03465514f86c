import { useSetAtom } from "jotai";
import { useState } from "react";
import { apiRequest, ApiError } from "../api";
import { AUTH_MESSAGES } from "../components/account";
import { enteringAppAtom } from "../components/auth-state";
import { enterApp } from "../components/device";

/** POST /api/auth/auto-login (docs/product.md#accounts): null when it worked, else the message to show. */
export async function continueAsGuest(): Promise<string | null> {
  try {
    await apiRequest("POST", "/api/auth/auto-login");
    return null;
  } catch (error) {
    return error instanceof ApiError && error.status === 429 ? error.message : AUTH_MESSAGES.exception;
  }
}

/** "Continue as guest" on the landing page: a guest account, then the app loads. */
export default function GuestButton(props: { className?: string }) {
  const setEntering = useSetAtom(enteringAppAtom);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function go() {
    if (pending) return;
    setPending(true);
    setError(null);
    const problem = await continueAsGuest();
    if (problem) {
      setError(problem);
      setPending(false);
      return;
    }
    setEntering(true);
    enterApp();
  }

  return (
    <div className="flex flex-col items-center gap-2">
      <button type="button" onClick={() => void go()} disabled={pending} className={props.className}>
        {pending ? "Please wait..." : "Continue as guest"}
      </button>
      {error && (
        <p role="alert" className="rounded-lg bg-white px-3 py-1.5 text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
