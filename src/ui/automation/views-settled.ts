// When the page shows what the state says: the open panel's code and content have loaded (nothing in the views
// pane is aria-busy) and the browser has drawn two frames since (panels size themselves from a resize observer).
// The window API waits for this after every action, so a script's screenshot never catches a loading line.

function busy(): boolean {
  const views = document.querySelector('[data-testid="views"]');
  return !!views && views.querySelector('[aria-busy="true"]') !== null;
}

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));

/** Resolves true once nothing in the views pane is busy (false after `timeoutMs`); never rejects. */
export async function whenViewsSettled(timeoutMs = 15_000): Promise<boolean> {
  if (typeof document === 'undefined') return true;
  const settled = await new Promise<boolean>((resolve) => {
    if (!busy()) return resolve(true);
    const observer = new MutationObserver(() => {
      if (busy()) return;
      done(true);
    });
    const timer = setTimeout(() => done(false), timeoutMs);
    function done(value: boolean) {
      observer.disconnect();
      clearTimeout(timer);
      resolve(value);
    }
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-busy'] });
  });
  await frame();
  await frame();
  return settled;
}
