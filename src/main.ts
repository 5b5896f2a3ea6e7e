// Entry point: picks the theme before first paint, creates the storage, and mounts the app. The sandbox and the
// virtual filesystem load right after, as their own chunks, so the first load stays small.
import { mount } from 'svelte';
import App from './App.svelte';
import { createLazyRuntime } from './state/lazy-runtime.ts';
import { THEME_HINT_KEY } from './state/preferences.svelte.ts';
import { createIdbStore } from './storage/idb-store.ts';
import './ui/global.css';

function applyThemeHint(): void {
  let choice: string | null = null;
  try { choice = localStorage.getItem(THEME_HINT_KEY); } catch { /* storage disabled */ }
  const dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

const runtime = createLazyRuntime(async () => {
  const [{ createSandbox }, { createFsCapabilityHost, openWorkspaceFileSystem }] = await Promise.all([
    import('./sandbox/index.ts'),
    import('./storage/workspace-fs.ts'),
  ]);
  const files = openWorkspaceFileSystem();
  return createSandbox({ fs: createFsCapabilityHost(files.then((opened) => opened.fileSystem)) });
});

applyThemeHint();
mount(App, {
  target: document.getElementById('app')!,
  props: { services: { store: createIdbStore(), runtime } },
});
