/**
 * Tooltips for icon-only controls (docs/product.md: they appear after 700 ms; once one has been
 * shown, another within 300 ms of it closing appears at once). One delegated listener serves every
 * element with `data-tooltip`, server-rendered or in an island, so it costs no React and no island.
 * Mouse hover and keyboard focus show it; touch does not (a tap acts at once). Escape (swallowed while a
 * tip shows, so it does not also close a dialog), a click, leaving, blurring or scrolling hides it; a tip
 * hidden that way stays hidden until the pointer leaves its control. Inside a modal dialog the tip lives
 * in the dialog (the top layer). The tip is `role="tooltip"` and describes its control from the moment the
 * control is focused or hovered, when its text adds to the control's accessible name.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const TIP_ID = "ls-tooltip";
const TIP_CLASS =
  "pointer-events-none fixed z-[80] max-w-60 rounded-md bg-gray-900 px-2 py-1 text-xs font-medium text-white shadow-lg dark:bg-gray-100 dark:text-gray-900";

/**
 * Install the listeners. `first`: the hover or focus that loaded this code (ui/client.tsx loads it on the
 * first one), handled as if the listeners had heard it.
 */
export function installTooltips(doc: Document = document, first?: Event) {
  let tip: HTMLElement | null = null;
  /** The control the tip is for (shown or about to be). */
  let target: HTMLElement | null = null;
  /** A control whose tip was dismissed (Escape, click) while the pointer or focus is still on it. */
  let dismissed: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hiddenAt = -Infinity;
  // While a tip shows, a control removed from the page (a toast timing out) takes its tip with it.
  const watcher = new MutationObserver(() => {
    if (target && !target.isConnected) hide();
  });

  const visible = () => Boolean(tip && !tip.hidden);

  const tipFor = (element: HTMLElement) => {
    if (!tip) {
      tip = doc.createElement("div");
      tip.id = TIP_ID;
      tip.setAttribute("role", "tooltip");
      tip.className = TIP_CLASS;
      tip.hidden = true;
    }
    // A modal dialog is in the top layer and makes the rest of the page inert: the tip goes inside it.
    const home = element.closest("dialog[open]") ?? doc.body;
    if (tip.parentElement !== home) home.append(tip);
    return tip;
  };

  function place(element: HTMLElement, box: HTMLElement) {
    const rect = element.getBoundingClientRect();
    const view = doc.documentElement;
    const left = Math.min(
      Math.max(8, rect.left + rect.width / 2 - box.offsetWidth / 2),
      view.clientWidth - box.offsetWidth - 8,
    );
    const below = rect.bottom + 6;
    const top = below + box.offsetHeight > view.clientHeight - 8 ? rect.top - box.offsetHeight - 6 : below;
    box.style.left = `${Math.round(left)}px`;
    box.style.top = `${Math.round(top)}px`;
  }

  function show() {
    if (!target?.isConnected || !tip) return hide();
    tip.hidden = false;
    place(target, tip);
    watcher.observe(doc.body, { childList: true, subtree: true });
  }

  function hide() {
    clearTimeout(timer);
    timer = undefined;
    if (visible()) {
      tip!.hidden = true;
      hiddenAt = performance.now();
    }
    watcher.disconnect();
    if (target?.getAttribute("aria-describedby") === TIP_ID) target.removeAttribute("aria-describedby");
    target = null;
  }

  function schedule(element: HTMLElement) {
    if (element === target || element === dismissed) return;
    const text = element.dataset.tooltip;
    hide();
    if (!text) return;
    target = element;
    const box = tipFor(element);
    box.textContent = text;
    if (text !== element.getAttribute("aria-label")) element.setAttribute("aria-describedby", TIP_ID);
    if (performance.now() - hiddenAt < TOOLTIP_SKIP_DELAY_MS) show();
    else timer = setTimeout(show, TOOLTIP_DELAY_MS);
  }

  function dismiss() {
    if (!target) return;
    dismissed = target;
    hide();
  }

  const owner = (node: EventTarget | null) =>
    node instanceof Element ? node.closest<HTMLElement>("[data-tooltip]") : null;

  doc.addEventListener("pointerover", (event) => {
    if ((event as PointerEvent).pointerType === "touch") return;
    const element = owner(event.target);
    if (element) schedule(element);
  });
  doc.addEventListener("pointerout", (event) => {
    const element = owner(event.target);
    if (!element || owner((event as PointerEvent).relatedTarget) === element) return;
    if (element === dismissed) dismissed = null;
    if (element === target && doc.activeElement !== element) hide();
  });
  doc.addEventListener("focusin", (event) => {
    const element = owner(event.target);
    if (element && element.matches(":focus-visible")) schedule(element);
  });
  doc.addEventListener("focusout", (event) => {
    const element = owner(event.target);
    if (element === dismissed) dismissed = null;
    if (element && element === target) hide();
  });
  // A click (mouse, Enter or Space) acts; its tip may no longer be true ("Save" after saving).
  doc.addEventListener("click", dismiss, true);
  doc.addEventListener(
    "keydown",
    (event) => {
      if (event.key !== "Escape" || !target) return;
      if (visible()) {
        event.preventDefault();
        event.stopPropagation();
      }
      dismiss();
    },
    true,
  );
  doc.addEventListener("scroll", hide, { capture: true, passive: true });
  const element = owner(first?.target ?? null);
  if (!first || !element) return;
  if (first.type === "pointerover" && (first as PointerEvent).pointerType !== "touch" && element.matches(":hover"))
    schedule(element);
  if (first.type === "focusin" && doc.activeElement === element && element.matches(":focus-visible")) schedule(element);
}
