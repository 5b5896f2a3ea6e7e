// A marker written just before tool code is evaluated and cleared just after. A browser that takes the whole tab
// down when tool code exhausts memory leaves it behind: the next load finds it and starts without evaluating.
// localStorage, because it is synchronous (the marker is down before the code runs) and a renderer crash keeps it.

import { EVALUATION_MARKER_KEY } from './keys.ts';

/** A file that was being evaluated (or is not yet known to evaluate without crashing). */
export interface MarkedFile {
  id: string;
  name: string;
}

export interface EvaluationMarker {
  /** When the evaluation started (ms since the epoch). */
  since: number;
  files: MarkedFile[];
}

export interface EvaluationMarkerStore {
  load(): EvaluationMarker | undefined;
  /** False when storage refused it (the app still evaluates, and says that a crash would go unnoticed). */
  save(marker: EvaluationMarker): boolean;
  clear(): void;
}

/** A marker as stored, if it has the shape this module writes (anything else is no marker). */
function readMarker(text: string | null): EvaluationMarker | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as { since?: unknown; files?: unknown };
    if (typeof value.since !== 'number' || !Array.isArray(value.files)) return undefined;
    const files = value.files.filter((f): f is MarkedFile => typeof f?.id === 'string' && typeof f?.name === 'string');
    return { since: value.since, files };
  } catch {
    return undefined;
  }
}

/** This origin's localStorage; undefined where reading the property itself throws (storage blocked by settings). */
function localStorageIfAllowed(): Storage | undefined {
  try { return globalThis.localStorage ?? undefined; } catch { return undefined; }
}

/** The app's marker store: localStorage of this origin (every tab of the app shares it). */
export function createLocalMarkerStore(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined = localStorageIfAllowed(),
): EvaluationMarkerStore {
  return {
    load: () => {
      try { return readMarker(storage?.getItem(EVALUATION_MARKER_KEY) ?? null); } catch { return undefined; }
    },
    save: (marker) => {
      try { storage?.setItem(EVALUATION_MARKER_KEY, JSON.stringify(marker)); return storage !== undefined; } catch { return false; }
    },
    clear: () => {
      try { storage?.removeItem(EVALUATION_MARKER_KEY); } catch { /* nothing to clear where storage is refused */ }
    },
  };
}

/** A store in memory, for tests. */
export function createMemoryMarkerStore(initial?: EvaluationMarker): EvaluationMarkerStore & { current?: EvaluationMarker } {
  const store: EvaluationMarkerStore & { current?: EvaluationMarker } = {
    current: initial,
    load: () => store.current,
    save: (marker) => { store.current = marker; return true; },
    clear: () => { store.current = undefined; },
  };
  return store;
}
