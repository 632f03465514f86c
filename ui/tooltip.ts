/**
 * Tooltips for icon-only controls (discovery.md section 2: they appear after 700 ms; once one has been
 * shown, another within 300 ms of it closing appears at once). One delegated listener serves every
 * element with `data-tooltip`, server-rendered or in an island, so it costs no React and no island.
 * Mouse hover and keyboard focus show it; touch does not (a tap acts at once). Escape, a press, leaving
 * or blurring hides it. The tip is `role="tooltip"` and describes its control when its text adds to the
 * control's accessible name.
 */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

const TIP_ID = "ls-tooltip";
const TIP_CLASS =
  "pointer-events-none fixed z-[80] max-w-60 rounded-md bg-gray-900 px-2 py-1 text-xs font-medium text-white shadow-lg dark:bg-gray-100 dark:text-gray-900";

export function installTooltips(doc: Document = document) {
  let tip: HTMLElement | null = null;
  let target: HTMLElement | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let hiddenAt = -Infinity;

  const tipElement = () => {
    if (tip) return tip;
    tip = doc.createElement("div");
    tip.id = TIP_ID;
    tip.setAttribute("role", "tooltip");
    tip.className = TIP_CLASS;
    tip.hidden = true;
    doc.body.append(tip);
    return tip;
  };

  function place(element: HTMLElement, box: HTMLElement) {
    const rect = element.getBoundingClientRect();
    const width = box.offsetWidth;
    const height = box.offsetHeight;
    const view = doc.documentElement;
    const left = Math.min(Math.max(8, rect.left + rect.width / 2 - width / 2), view.clientWidth - width - 8);
    const below = rect.bottom + 6;
    const top = below + height > view.clientHeight - 8 ? rect.top - height - 6 : below;
    box.style.left = `${Math.round(left)}px`;
    box.style.top = `${Math.round(top)}px`;
  }

  function show(element: HTMLElement) {
    const text = element.dataset.tooltip;
    if (!text || !element.isConnected) return;
    const box = tipElement();
    box.textContent = text;
    box.hidden = false;
    place(element, box);
    target = element;
    if (text !== element.getAttribute("aria-label")) element.setAttribute("aria-describedby", TIP_ID);
  }

  function hide() {
    clearTimeout(timer);
    timer = undefined;
    if (tip && !tip.hidden) {
      tip.hidden = true;
      hiddenAt = performance.now();
    }
    if (target?.getAttribute("aria-describedby") === TIP_ID) target.removeAttribute("aria-describedby");
    target = null;
  }

  function schedule(element: HTMLElement) {
    if (element === target) return;
    hide();
    target = element;
    const skip = performance.now() - hiddenAt < TOOLTIP_SKIP_DELAY_MS;
    if (skip) show(element);
    else timer = setTimeout(() => show(element), TOOLTIP_DELAY_MS);
  }

  const owner = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLElement>("[data-tooltip]") : null);

  doc.addEventListener("pointerover", (event) => {
    if ((event as PointerEvent).pointerType === "touch") return;
    const element = owner(event);
    if (element) schedule(element);
  });
  doc.addEventListener("pointerout", (event) => {
    const element = owner(event);
    const to = (event as PointerEvent).relatedTarget;
    if (element && element === target && !(to instanceof Node && element.contains(to))) hide();
  });
  doc.addEventListener("focusin", (event) => {
    const element = owner(event);
    if (element && element.matches(":focus-visible")) schedule(element);
  });
  doc.addEventListener("focusout", (event) => {
    if (owner(event) === target) hide();
  });
  doc.addEventListener("pointerdown", hide, true);
  doc.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && target) hide();
  });
  doc.addEventListener("scroll", hide, { capture: true, passive: true });
}
