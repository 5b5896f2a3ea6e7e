// When the editors may fetch CodeMirror. The shell holds them back until the app is ready and the page idle, so
// the first schema never waits behind the editor's 170 kB; an editor the user reaches for (a click, a key, the
// focus) loads at once. Without a shell (a component on its own) nothing is held back.

let held: Promise<void> | null = null;

/** Holds every editor's CodeMirror back until the returned function is called (once per page). */
export function holdEditors(): () => void {
  let release = () => {};
  held = new Promise<void>((resolve) => { release = resolve; });
  return release;
}

/** Resolves when editors may load CodeMirror without being asked. */
export function editorsReleased(): Promise<void> {
  return held ?? Promise.resolve();
}
