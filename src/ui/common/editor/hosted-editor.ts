// What the app's editor host (LazyEditor.svelte) asks of a loaded editor, whichever CodeMirror setup it is (the
// tool editor, cm/setup.ts; the file editor, files/file-editor-cm.ts). Types only: no CodeMirror is pulled in.

export interface HostedEditor {
  /** Brings the open document in line with `text` changed elsewhere, keeping the cursor and scroll position. */
  sync(text: string): void;
  /** Read-only: the text can be read, selected and copied, not changed; screen readers are told. */
  setReadOnly(readOnly: boolean): void;
  /** The accessible name of the text area (it names the file or tool, in the UI language). */
  setLabel(label: string): void;
  focus(): void;
  destroy(): void;
}
