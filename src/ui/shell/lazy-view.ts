// Panels that arrive as their own chunk: the loaded component is kept per loader, so a panel opened a second time
// renders at once, and a failed load can be tried again.
import type { Component } from 'svelte';

export type ViewLoader = () => Promise<{ default: Component }>;

const loaded = new WeakMap<ViewLoader, Component>();
const pending = new WeakMap<ViewLoader, Promise<Component>>();

/** The component if its chunk is already here (render it without a loading frame), else undefined. */
export function loadedView(load: ViewLoader): Component | undefined {
  return loaded.get(load);
}

/** Loads the panel's chunk once; a rejection is forgotten so the next call tries again. */
export function loadView(load: ViewLoader): Promise<Component> {
  const ready = loaded.get(load);
  if (ready) return Promise.resolve(ready);
  let promise = pending.get(load);
  if (!promise) {
    promise = load().then(
      (module) => { loaded.set(load, module.default); pending.delete(load); return module.default; },
      (error: unknown) => { pending.delete(load); throw error; },
    );
    pending.set(load, promise);
  }
  return promise;
}
