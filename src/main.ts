// Entry point: picks the theme before first paint, creates the storage, and mounts the app. The sandbox and the
// virtual filesystem load right after, as their own chunks, so the first load stays small; with them the starter
// workspace transpiled at build time, so its first evaluation needs no TypeScript transpiler.
import { mount } from 'svelte';
import App from './App.svelte';
import { createWorkspaceFilesService } from './state/files/service.ts';
import { createLazyRuntime } from './state/run/lazy-runtime.ts';
import { themeFromUrl } from './state/shell/preferences.svelte.ts';
import { createSandboxLogTap } from './state/run/sandbox-logs.ts';
import { createLocalMarkerStore } from './storage/evaluation-marker.ts';
import { createIdbStore } from './storage/idb-store.ts';
import { readThemeHint } from './storage/web-hints.ts';
import './ui/global.css';

function applyThemeHint(): void {
  const choice = readThemeHint();
  // `?theme=` (demo links, screenshots) wins for this page load, before the first paint.
  const shown = themeFromUrl(location.href);
  const dark = shown ? shown === 'dark' : choice === 'dark' || (choice !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
}

// One filesystem for the files panel, the coding tools and the sandbox's `fs` (traced into the run recording now).
const files = createWorkspaceFilesService();
// What tool code prints goes into the run being recorded.
const sandboxLogs = createSandboxLogTap();
const runtime = createLazyRuntime(async ({ network }) => {
  const [{ createSandbox, addPrecompiled }, { createFsCapabilityHost }, { STARTER_TRANSPILED }] = await Promise.all([
    import('./sandbox/index.ts'),
    import('./storage/workspace-fs.ts'),
    import('virtual:pi-starter-transpiled'),
  ]);
  addPrecompiled(STARTER_TRANSPILED);
  const ready = files.open().then((opened) => opened.fileSystem);
  return createSandbox({
    fs: createFsCapabilityHost(ready, { tracing: () => files.sandboxTrace }),
    onLog: (entry) => sandboxLogs.onLog(entry),
    network,
  });
});

applyThemeHint();
mount(App, {
  target: document.getElementById('app')!,
  props: { services: { store: createIdbStore(), runtime, files, sandboxLogs, crashMarker: createLocalMarkerStore() } },
});
