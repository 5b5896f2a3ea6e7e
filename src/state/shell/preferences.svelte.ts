// Global preferences: the colour theme (follows the OS unless chosen), pane sizes and whether a short run records
// again by itself after an edit (run/auto.svelte.ts), shared by all tabs and saved through the workspace
// repository. The theme is mirrored to localStorage only so the first paint after a
// reload already has the right colours (IndexedDB answers too late for that). A `?theme=light|dark` URL parameter
// shows that theme for one page load without saving it (demo links, screenshots), until the user picks one.
import { readThemeHint, writeThemeHint } from '../../storage/web-hints.ts';
import type { WorkspaceRepository } from '../../storage/workspace-repository.ts';
import { DEFAULT_PREFERENCES, type Preferences, type ThemeChoice } from '../../storage/workspace.ts';
import { msg, type UiMessage } from './ui-message.ts';

export const THEME_URL_PARAM = 'theme';

/** The theme a URL asks for (`?theme=light` or `?theme=dark`), or null. */
export function themeFromUrl(href: string | undefined): 'light' | 'dark' | null {
  try {
    const value = href ? new URL(href).searchParams.get(THEME_URL_PARAM) : null;
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    return null;
  }
}

export class PreferencesState {
  #theme = $state<ThemeChoice>('system');
  #panes = $state<Record<string, number>>({});
  #autoRecord = $state(true);
  #welcomeSeen = $state(false);
  #saveError = $state.raw<UiMessage | null>(null);
  #systemDark = $state(false);
  /** The URL's theme for this page load; dropped once the user chooses. */
  #shown = $state<'light' | 'dark' | null>(themeFromUrl(globalThis.location?.href));
  #timer: ReturnType<typeof setTimeout> | undefined;
  #media: MediaQueryList | null = null;
  #onMedia = (event: MediaQueryListEvent) => { this.#systemDark = event.matches; };

  /** The theme actually shown. */
  readonly resolvedTheme = $derived<'light' | 'dark'>(
    this.#shown ?? (this.#theme === 'system' ? (this.#systemDark ? 'dark' : 'light') : this.#theme),
  );

  constructor(private readonly repository: WorkspaceRepository | null) {
    if (typeof matchMedia === 'function') {
      this.#media = matchMedia('(prefers-color-scheme: dark)');
      this.#systemDark = this.#media.matches;
      this.#media.addEventListener('change', this.#onMedia);
    }
    this.#theme = readThemeHint() ?? DEFAULT_PREFERENCES.theme;
  }

  /** The choice in effect: the URL's theme for this page load, else the saved one. */
  get theme(): ThemeChoice { return this.#shown ?? this.#theme; }
  get panes(): Readonly<Record<string, number>> { return this.#panes; }
  /** A short, out-of-date run records again by itself once the editor settles (default on). */
  get autoRecord(): boolean { return this.#autoRecord; }
  /** Whether the first-run welcome was closed once (then it is not offered on its own again). */
  get welcomeSeen(): boolean { return this.#welcomeSeen; }
  /** Storage refused the last save: shown in the status area until a save lands (they still apply to this tab). */
  get saveError(): UiMessage | null { return this.#saveError; }
  dismissSaveError(): void { this.#saveError = null; }

  async load(): Promise<void> {
    if (!this.repository) return;
    const prefs = await this.repository.loadPreferences();
    this.#theme = prefs.theme;
    this.#panes = prefs.panes;
    this.#autoRecord = prefs.autoRecord !== false;
    this.#welcomeSeen = prefs.welcomeSeen === true;
    writeThemeHint(prefs.theme);
  }

  setTheme(theme: ThemeChoice): void {
    if (this.#shown !== null) dropThemeParam();
    this.#shown = null;
    this.#theme = theme;
    writeThemeHint(theme);
    this.#schedule();
  }

  /** Light -> dark -> system, the order of the header's toggle. */
  cycleTheme(): void {
    const from = this.theme;
    this.setTheme(from === 'light' ? 'dark' : from === 'dark' ? 'system' : 'light');
  }

  setAutoRecord(on: boolean): void {
    if (on === this.#autoRecord) return;
    this.#autoRecord = on;
    this.#schedule();
  }

  pane(id: string, fallback: number): number {
    return this.#panes[id] ?? fallback;
  }

  setPane(id: string, size: number): void {
    this.#panes[id] = Math.round(size);
    this.#schedule();
  }

  markWelcomeSeen(): void {
    if (this.#welcomeSeen) return;
    this.#welcomeSeen = true;
    this.#schedule();
  }

  /** Writes pending changes now (pagehide). */
  async flush(): Promise<void> {
    if (!this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const saved = await this.repository?.savePreferences(this.snapshot());
    if (saved) this.#saveError = saved.ok ? null : msg('storage.error.preferences', { detail: saved.failure.detail });
  }

  snapshot(): Preferences {
    return {
      theme: this.#theme, panes: { ...this.#panes },
      ...(this.#autoRecord ? {} : { autoRecord: false }),
      ...(this.#welcomeSeen ? { welcomeSeen: true } : {}),
    };
  }

  dispose(): void {
    clearTimeout(this.#timer);
    this.#media?.removeEventListener('change', this.#onMedia);
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.flush(), 300);
  }
}

/** A choice made later must not be undone by the next reload of a `?theme=` URL. */
function dropThemeParam(): void {
  try {
    const url = new URL(globalThis.location.href);
    url.searchParams.delete(THEME_URL_PARAM);
    history.replaceState(history.state, '', url.href);
  } catch { /* not in a browser */ }
}
