import { useAtom } from "jotai";
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { apiRequest } from "../api";
import {
  authErrorMessage,
  checkAuthForm,
  EMPTY_AUTH_FORM,
  type AuthForm as AuthFormValues,
  type AuthMode,
} from "../components/account";
import { authDialogAtom, enteringAppAtom } from "../components/auth-state";
import { enterApp } from "../components/device";
import { LegalDialog, type LegalDocument } from "../components/legal";
import { LoadingScreen } from "../components/Loading";
import { CloseButton, Modal } from "../components/Modal";
import { continueAsGuest } from "./GuestButton";

const FIELD =
  "mt-1 block w-full rounded-xl border border-line bg-surface px-3 py-2.5 text-ink placeholder:text-ink-soft focus-ring";
const PRIMARY =
  "inline-flex w-full items-center justify-center rounded-full bg-primary px-5 py-2.5 font-semibold text-white hover:bg-primary-dark focus-ring disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The landing page's sign-in / registration dialog (docs/product.md): two modes toggled by a
 * link; register adds username and the terms box; 'Please wait...' while submitting; toggling clears the
 * form, the error and the terms box; editing a field clears the error; success resets, closes and loads the app.
 */
export default function AuthDialog() {
  const [mode, setMode] = useAtom(authDialogAtom);
  const [entering, setEntering] = useAtom(enteringAppAtom);
  // The dialog only exists in the browser: a click made before hydration must not change the first render.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!mounted) return null;
  return (
    <>
      {mode && (
        <AuthForm
          mode={mode}
          onMode={setMode}
          onClose={() => setMode(null)}
          onSignedIn={() => {
            setMode(null);
            setEntering(true);
            enterApp();
          }}
        />
      )}
      {entering && <LoadingScreen overlay />}
    </>
  );
}

function AuthForm(props: {
  mode: AuthMode;
  onMode: (mode: AuthMode) => void;
  onClose: () => void;
  onSignedIn: () => void;
}) {
  const id = useId();
  const { mode } = props;
  const [form, setForm] = useState<AuthFormValues>(EMPTY_AUTH_FORM);
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [guestPending, setGuestPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const email = useRef<HTMLInputElement>(null);
  const register = mode === "register";

  useEffect(() => {
    // After showModal has placed focus: start at the e-mail field.
    const frame = requestAnimationFrame(() => email.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [mode]);

  const edit = (field: keyof AuthFormValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = field === "terms" ? event.target.checked : event.target.value;
    setForm((f) => ({ ...f, [field]: value }));
    setError(null);
  };

  const toggleMode = () => {
    setForm(EMPTY_AUTH_FORM);
    setError(null);
    setShowPassword(false);
    props.onMode(register ? "signin" : "register");
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting) return;
    const problem = checkAuthForm(mode, form);
    if (problem) return setError(problem);
    setSubmitting(true);
    setError(null);
    try {
      if (register)
        await apiRequest("POST", "/api/auth/register", {
          email: form.email.trim(),
          username: form.username.trim(),
          password: form.password,
        });
      else await apiRequest("POST", "/api/auth/login", { email: form.email.trim(), password: form.password });
      setForm(EMPTY_AUTH_FORM);
      props.onSignedIn();
    } catch (failure) {
      setError(authErrorMessage(mode, failure));
      setSubmitting(false);
    }
  }

  async function guest() {
    if (guestPending || submitting) return;
    setGuestPending(true);
    setError(null);
    const problem = await continueAsGuest();
    if (problem) {
      setError(problem);
      setGuestPending(false);
    } else props.onSignedIn();
  }

  const title = register ? "Create Account" : "Sign In";
  return (
    <Modal onClose={props.onClose} labelledBy={`${id}-title`} testId="auth-dialog">
      <div className="flex items-start justify-between gap-2 px-5 pt-4">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-bold">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-ink-soft">
            {register ? "Join LocalScope to save favorites and explore any US city." : "Welcome back to LocalScope."}
          </p>
        </div>
        <CloseButton onClick={props.onClose} />
      </div>
      <form
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-3 px-5 pb-5 pt-4"
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <label className="text-sm font-medium">
          Email
          <input
            ref={email}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            required
            value={form.email}
            onChange={edit("email")}
            className={FIELD}
            placeholder="you@example.com"
          />
        </label>
        {register && (
          <label className="text-sm font-medium">
            Username
            <input
              type="text"
              name="username"
              autoComplete="username"
              required
              maxLength={50}
              value={form.username}
              onChange={edit("username")}
              className={FIELD}
              placeholder="How should we call you?"
            />
          </label>
        )}
        <div>
          <label htmlFor={`${id}-password`} className="text-sm font-medium">
            Password
          </label>
          <div className="relative">
            <input
              id={`${id}-password`}
              type={showPassword ? "text" : "password"}
              name="password"
              autoComplete={register ? "new-password" : "current-password"}
              required
              minLength={register ? 8 : undefined}
              maxLength={128}
              value={form.password}
              onChange={edit("password")}
              aria-describedby={register ? `${id}-password-hint` : undefined}
              className={`${FIELD} pr-20`}
            />
            <button
              type="button"
              onClick={() => setShowPassword((s) => !s)}
              aria-pressed={showPassword}
              className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded-lg px-2 py-1 text-sm font-medium text-primary hover:bg-black/5 dark:hover:bg-white/10 focus-ring"
            >
              {showPassword ? "Hide" : "Show"}
              <span className="sr-only"> password</span>
            </button>
          </div>
          {register && (
            <p id={`${id}-password-hint`} className="mt-1 text-xs text-ink-soft">
              At least 8 characters. Very common passwords are refused.
            </p>
          )}
        </div>
        {register && (
          <div className="rounded-xl bg-black/[0.03] p-3 dark:bg-white/5">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="terms"
                checked={form.terms}
                onChange={edit("terms")}
                className="mt-0.5 h-5 w-5 shrink-0 accent-[var(--ls-primary)]"
              />
              <span>I am at least 13 years old and I agree to the Terms of Service and Privacy Policy.</span>
            </label>
            <p className="ml-7 mt-1 flex flex-wrap gap-x-3 text-sm">
              <button
                type="button"
                className="font-medium text-primary underline focus-ring rounded"
                onClick={() => setLegal("terms")}
              >
                Read the Terms of Service
              </button>
              <button
                type="button"
                className="font-medium text-primary underline focus-ring rounded"
                onClick={() => setLegal("privacy")}
              >
                Read the Privacy Policy
              </button>
            </p>
          </div>
        )}
        {error && (
          <p
            id={`${id}-error`}
            role="alert"
            data-testid="auth-error"
            className="rounded-xl bg-red-50 px-3 py-2 text-sm font-medium text-red-800 ring-1 ring-red-200 dark:bg-red-950/60 dark:text-red-100 dark:ring-red-900"
          >
            {error}
          </p>
        )}
        <button type="submit" className={PRIMARY} disabled={submitting || guestPending || (register && !form.terms)}>
          {submitting ? "Please wait..." : title}
        </button>
        <p className="text-center text-sm text-ink-soft">
          {register ? "Already have an account?" : "Don't have an account?"}{" "}
          <button
            type="button"
            onClick={toggleMode}
            className="rounded font-semibold text-primary underline focus-ring"
          >
            {register ? "Sign in" : "Create one"}
          </button>
        </p>
        <div className="flex items-center gap-3 text-xs text-ink-soft" aria-hidden="true">
          <span className="h-px flex-1 bg-line" />
          or
          <span className="h-px flex-1 bg-line" />
        </div>
        <button
          type="button"
          onClick={() => void guest()}
          disabled={guestPending || submitting}
          className="inline-flex w-full items-center justify-center rounded-full px-5 py-2.5 font-semibold text-ink ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10 focus-ring disabled:opacity-60"
        >
          {guestPending ? "Please wait..." : "Continue as guest"}
        </button>
      </form>
      {legal && <LegalDialog document={legal} variant="landing" onClose={() => setLegal(null)} />}
    </Modal>
  );
}
