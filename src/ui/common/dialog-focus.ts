// Focus handling for the app's one modal dialog (Dialog.svelte). showModal already makes the page behind inert;
// these keep Tab cycling inside the dialog (instead of leaving for the browser's own controls) and give the focus
// back to whatever opened the dialog once it is gone, unless something else has taken it meanwhile.

const FOCUSABLE = [
  'a[href]', 'area[href]', 'button:not([disabled])', 'input:not([disabled]):not([type="hidden"])', 'select:not([disabled])',
  'textarea:not([disabled])', 'iframe', 'summary', '[contenteditable]:not([contenteditable="false"])', '[tabindex]',
].join(',');

/** The elements inside `root` that Tab reaches, in order. */
export function tabbables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && !el.closest('[inert]') && el.getClientRects().length > 0);
}

/** Tab from the last tabbable element goes to the first, Shift+Tab from the first to the last. */
export function keepTabInside(event: KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab' || event.defaultPrevented) return;
  const list = tabbables(root);
  if (list.length === 0) {
    event.preventDefault();
    return;
  }
  const first = list[0];
  const last = list[list.length - 1];
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Gives the focus back to `opener` when it would otherwise be lost (on the page's body or in the closed dialog). */
export function restoreFocus(opener: Element | null, dialog: HTMLElement | undefined): void {
  if (!(opener instanceof HTMLElement) || !opener.isConnected) return;
  const active = document.activeElement;
  const lost = active === null || active === document.body || (dialog !== undefined && dialog.contains(active));
  if (lost) opener.focus({ preventScroll: true });
}
