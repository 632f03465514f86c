import { useEffect, useRef, type ReactNode } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the native <dialog>: the page behind is inert, Tab and Shift+Tab cycle inside it,
 * Escape and a click on the backdrop close it, and focus returns to what opened it.
 */
export function Modal(props: {
  onClose: () => void;
  labelledBy: string;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    // Toasts raised from inside the modal must show above its backdrop and stay live and clickable (the page
    // behind a modal is inert): the toast region moves into the dialog while it is open, then back.
    const toasts = document.getElementById("ls-toasts");
    const home = toasts?.parentNode;
    const next = toasts?.nextSibling ?? null;
    if (toasts) dialog.appendChild(toasts);
    // Tab and Shift+Tab cycle inside. A native listener: keys pressed in the toast region (another React root,
    // moved in above) must be trapped too, and React would not route them to this dialog's handlers.
    const trap = (e: KeyboardEvent) => {
      if (e.key !== "Tab" || e.defaultPrevented) return;
      const items = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      if (!items.length) return;
      const first = items[0]!;
      const last = items[items.length - 1]!;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("keydown", trap);
    return () => {
      dialog.removeEventListener("keydown", trap);
      if (toasts && home?.isConnected && toasts.parentNode === dialog)
        home.insertBefore(toasts, next?.parentNode === home ? next : null);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={props.labelledBy}
      aria-modal="true"
      data-testid={props.testId}
      className={`ls-dialog m-auto w-[calc(100%-1.5rem)] max-w-lg overflow-hidden rounded-2xl bg-surface p-0 text-ink shadow-xl ${props.className ?? ""}`}
      onCancel={(e) => {
        // Escape in a dialog nested inside this one closes only that one.
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        onClose.current();
      }}
      onClick={(e) => {
        if (e.target === e.currentTarget) onClose.current();
      }}
    >
      <div className="max-h-[85vh] overflow-y-auto">{props.children}</div>
    </dialog>
  );
}

export function CloseButton(props: { onClick: () => void; className?: string; label?: string }) {
  return (
    <button
      type="button"
      onClick={props.onClick}
      aria-label={props.label ?? "Close"}
      data-tooltip="Close"
      className={`icon-btn ${props.className ?? ""}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );
}
