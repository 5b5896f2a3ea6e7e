// Mounts the whole app for browser tests, with its own IndexedDB database and broadcast channel, and waits until
// the workspace is loaded. Returns a remount function that simulates a page reload on the same storage.
import { flushSync, mount, unmount } from 'svelte';
import App from '../../App.svelte';
import type { AppServices } from '../../state/shell/app-state.ts';
import { createFakeRuntime } from '../../state/testing/fake-runtime.ts';
import { createIdbStore } from '../../storage/idb-store.ts';
import type { ViewDefinition } from '../shell/view-registry.ts';

let counter = 0;

export interface MountedApp {
  target: HTMLElement;
  services: AppServices;
  /** Unmounts (flushing saves) and mounts a fresh app on the same store, as a reload would. */
  reload(overrides?: MountOptions): Promise<MountedApp>;
  destroy(): Promise<void>;
}

export async function waitFor<T>(read: () => T | null | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Services to use instead of the test defaults, and optionally the panels to show instead of the app's own. */
export type MountOptions = Partial<AppServices> & { panels?: ViewDefinition[] };

export async function mountApp(overrides: MountOptions = {}): Promise<MountedApp> {
  const { panels, ...given } = overrides;
  const services: AppServices = {
    ...given,
    store: given.store ?? createIdbStore({ dbName: `app-test-${Date.now()}-${counter++}` }),
    runtime: given.runtime === undefined ? createFakeRuntime() : given.runtime,
    channelName: given.channelName ?? `app-test-${Date.now()}-${counter++}`,
    saveDelayMs: given.saveDelayMs ?? 30,
    typingDelayMs: given.typingDelayMs ?? 30,
    // Tests see the app as a script would; the welcome's own tests turn it on.
    welcome: given.welcome ?? false,
  };
  const target = document.createElement('div');
  target.style.height = '800px';
  document.body.append(target);
  const app = mount(App, { target, props: panels ? { services, panels } : { services } });
  flushSync();
  await waitFor(() => target.querySelector('[data-testid="app"][data-ready="true"]'), 'the app to load');
  let destroyed = false;
  const destroy = async () => {
    if (destroyed) return;
    destroyed = true;
    // Let a debounced save finish first, as it would before a real reload (pagehide flushes it).
    await waitFor(() => {
      const status = target.querySelector('[data-testid="save-status"]')?.getAttribute('data-status');
      return status !== 'pending' && status !== 'saving';
    }, 'pending saves').catch(() => undefined);
    await unmount(app, { outro: false });
    target.remove();
    await new Promise((r) => setTimeout(r, 20));
  };
  return {
    target,
    services,
    destroy,
    async reload(next = {}) {
      await destroy();
      return mountApp({ ...services, runtime: createFakeRuntime(), ...(panels ? { panels } : {}), ...next });
    },
  };
}
