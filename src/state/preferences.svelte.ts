// Global preferences: the colour theme (follows the OS unless chosen) and pane sizes, shared by all tabs and
// saved through the workspace repository. The theme is mirrored to localStorage only so the first paint after a
// reload already has the right colours (IndexedDB answers too late for that).
import type { WorkspaceRepository } from '../storage/workspace-repository.ts';
import { DEFAULT_PREFERENCES, type Preferences, type ThemeChoice } from '../storage/workspace.ts';

export const THEME_HINT_KEY = 'pi-playground.theme';

export class PreferencesState {
  #theme = $state<ThemeChoice>('system');
  #panes = $state<Record<string, number>>({});
  #systemDark = $state(false);
  #timer: ReturnType<typeof setTimeout> | undefined;
  #media: MediaQueryList | null = null;
  #onMedia = (event: MediaQueryListEvent) => { this.#systemDark = event.matches; };

  /** The theme actually shown. */
  readonly resolvedTheme = $derived<'light' | 'dark'>(
    this.#theme === 'system' ? (this.#systemDark ? 'dark' : 'light') : this.#theme,
  );

  constructor(private readonly repository: WorkspaceRepository | null) {
    if (typeof matchMedia === 'function') {
      this.#media = matchMedia('(prefers-color-scheme: dark)');
      this.#systemDark = this.#media.matches;
      this.#media.addEventListener('change', this.#onMedia);
    }
    this.#theme = readThemeHint() ?? DEFAULT_PREFERENCES.theme;
  }

  get theme(): ThemeChoice { return this.#theme; }
  get panes(): Readonly<Record<string, number>> { return this.#panes; }

  async load(): Promise<void> {
    if (!this.repository) return;
    const prefs = await this.repository.loadPreferences();
    this.#theme = prefs.theme;
    this.#panes = prefs.panes;
    writeThemeHint(prefs.theme);
  }

  setTheme(theme: ThemeChoice): void {
    this.#theme = theme;
    writeThemeHint(theme);
    this.#schedule();
  }

  /** Light -> dark -> system, the order of the header's toggle. */
  cycleTheme(): void {
    this.setTheme(this.#theme === 'light' ? 'dark' : this.#theme === 'dark' ? 'system' : 'light');
  }

  pane(id: string, fallback: number): number {
    return this.#panes[id] ?? fallback;
  }

  setPane(id: string, size: number): void {
    this.#panes[id] = Math.round(size);
    this.#schedule();
  }

  /** Writes pending changes now (pagehide). */
  async flush(): Promise<void> {
    if (!this.#timer) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    await this.repository?.savePreferences(this.snapshot());
  }

  snapshot(): Preferences {
    return { theme: this.#theme, panes: { ...this.#panes } };
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

function readThemeHint(): ThemeChoice | null {
  try {
    const value = localStorage.getItem(THEME_HINT_KEY);
    return value === 'light' || value === 'dark' || value === 'system' ? value : null;
  } catch {
    return null; // storage disabled: the OS theme is a fine first guess
  }
}

function writeThemeHint(theme: ThemeChoice): void {
  try { localStorage.setItem(THEME_HINT_KEY, theme); } catch { /* the hint is optional */ }
}
