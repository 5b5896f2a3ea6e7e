// Entry point: picks the theme before first paint, creates the storage and the sandbox, mounts the app.
import { mount } from 'svelte';
import App from './App.svelte';
import { createIdbStore } from './storage/idb-store.ts';
import { THEME_HINT_KEY } from './state/preferences.svelte.ts';
import './ui/global.css';

function applyThemeHint(): void {
  let choice: string | null = null;
  try { choice = localStorage.getItem(THEME_HINT_KEY); } catch { /* storage disabled */ }
  const dark = choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

applyThemeHint();
mount(App, {
  target: document.getElementById('app')!,
  props: { services: { store: createIdbStore(), runtime: null } },
});
