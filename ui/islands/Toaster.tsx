import { useAtom } from "jotai";
import { useEffect, useRef, useState } from "react";
import { useMounted } from "../requests";
import { toastAtom } from "../state";

export const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * One toast at a time, 5 s, dismissable by button, Escape or a swipe to the right; F8 focuses it. Its time stands
 * still while the pointer is over it or the keyboard is in it, so it can be read and reached (WCAG 2.2.1).
 */
export default function Toaster() {
  const [current, setToast] = useAtom(toastAtom);
  // The region hydrates when the browser is idle (ui/client.tsx), and a tap in another island may already have
  // raised a toast: the hydrating render is the server's empty region, the toast comes right after.
  const toast = useMounted() ? current : null;
  const region = useRef<HTMLOListElement>(null);
  const startX = useRef<number | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  /** The toast's time left, kept across pauses (a fresh toast starts with all of it). */
  const left = useRef({ id: 0, ms: TOAST_DURATION_MS });

  // A toast removed under the pointer or the keyboard's focus sends no leave event: the next one starts unpaused.
  useEffect(() => {
    if (toast) return;
    setHovered(false);
    setFocused(false);
  }, [toast]);

  useEffect(() => {
    if (!toast) return;
    if (left.current.id !== toast.id) left.current = { id: toast.id, ms: TOAST_DURATION_MS };
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => setToast(null), left.current.ms);
    return () => {
      clearTimeout(timer);
      left.current.ms = Math.max(0, left.current.ms - (Date.now() - started));
    };
  }, [toast, paused, setToast]);

  // The region's own listeners, not React's: an open dialog takes the region into itself (../components/Modal.tsx,
  // so toasts show above its backdrop), out of this island's root, where React's delegated events no longer reach
  // it. With React's onClick the toast's button, Escape and the swipe did nothing while a dialog was open.
  useEffect(() => {
    const element = region.current;
    if (!element) return;
    const inToast = (event: Event) => (event.target as Element | null)?.closest?.("li") ?? null;
    const onClick = (event: MouseEvent) => {
      if ((event.target as Element | null)?.closest?.("[data-toast-dismiss]")) setToast(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape" && inToast(event)) {
        event.stopPropagation(); // the toast closes, not the dialog around it
        setToast(null);
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      startX.current = inToast(event) ? event.clientX : null;
    };
    const onPointerUp = (event: PointerEvent) => {
      if (startX.current !== null && event.clientX - startX.current > SWIPE_THRESHOLD_PX) setToast(null);
      startX.current = null;
    };
    const onPointerOver = (event: PointerEvent) => setHovered(inToast(event) !== null);
    const onPointerOut = (event: PointerEvent) => {
      if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) setHovered(false);
    };
    const onFocusIn = () => setFocused(true);
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && element.contains(event.relatedTarget))) setFocused(false);
    };
    const listeners = {
      click: onClick,
      keydown: onKeyDown,
      pointerdown: onPointerDown,
      pointerup: onPointerUp,
      pointerover: onPointerOver,
      pointerout: onPointerOut,
      focusin: onFocusIn,
      focusout: onFocusOut,
    } as Record<string, (event: never) => void>;
    for (const [type, listener] of Object.entries(listeners)) element.addEventListener(type, listener as EventListener);
    return () => {
      for (const [type, listener] of Object.entries(listeners))
        element.removeEventListener(type, listener as EventListener);
    };
  }, [setToast]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") {
        event.preventDefault();
        region.current?.focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <ol
      ref={region}
      id="ls-toasts"
      tabIndex={-1}
      aria-label="Notifications (F8)"
      className="pointer-events-none fixed inset-x-0 bottom-20 z-50 mx-auto flex max-w-md flex-col gap-2 px-4 outline-none"
    >
      {toast && (
        <li
          key={toast.id}
          className={`pointer-events-auto flex items-start gap-3 rounded-xl p-4 shadow-lg ring-1 ${
            toast.variant === "destructive" ? "bg-red-600 text-white ring-red-700" : "bg-surface text-ink ring-line"
          }`}
        >
          <div
            className="flex-1"
            role={toast.variant === "destructive" ? "alert" : "status"}
            aria-live={toast.variant === "destructive" ? "assertive" : "polite"}
          >
            <p className="font-semibold">{toast.title}</p>
            {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
          </div>
          <button
            type="button"
            className="icon-btn h-7 w-7"
            aria-label="Dismiss notification"
            data-tooltip="Dismiss"
            data-toast-dismiss
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </li>
      )}
    </ol>
  );
}
