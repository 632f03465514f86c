import { useId, useState, type FormEvent } from "react";
import { apiRequest, ApiError } from "../api";

/**
 * docs/product.md#accounts: the ADMIN_EMAIL account, not yet claimed, enters the one-time setup code the server printed
 * in its log. Shown only to that account (the server decides, src/pages.tsx). On success the page reloads
 * with the admin's header and badge.
 */
export function AdminClaimCard() {
  const id = useId();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!code.trim()) return setError("Enter the setup code.");
    setSending(true);
    setError(null);
    try {
      await apiRequest("POST", "/api/auth/admin-claim", { code });
      window.location.reload();
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.message && !/^HTTP \d+/.test(failure.message)
          ? failure.message
          : "An error occurred. Please try again.",
      );
      setSending(false);
    }
  }
  return (
    <section aria-labelledby={`${id}-heading`} className="card p-5" data-testid="admin-claim">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Admin setup
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        This account's e-mail is the server's admin address. Enter the one-time setup code from the server log to become
        the admin.
      </p>
      <form className="mt-3 flex flex-wrap items-start gap-2" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={`${id}-code`} className="sr-only">
          Setup code
        </label>
        <input
          id={`${id}-code`}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
          autoComplete="off"
          spellCheck={false}
          placeholder="XXXX-XXXX-XXXX-XXXX"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="min-h-11 flex-1 rounded-lg border border-line bg-transparent px-3 font-mono uppercase focus-ring"
        />
        <button
          type="submit"
          disabled={sending}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-primary px-5 font-semibold text-white hover:bg-primary-dark focus-ring disabled:opacity-60"
        >
          {sending ? "Please wait..." : "Claim admin"}
        </button>
      </form>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-2 text-sm font-semibold text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
