// CodeMirror for files of the virtual filesystem (a lazy chunk, on the app's shared editor core like the tool
// editor). The line separator is the file's own, so a CRLF file stays CRLF and a stray LF inside it stays a visible
// character: what is saved differs from what was stored only where the user typed.
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { EditorState, type Extension } from '@codemirror/state';
import { highlightSpecialChars } from '@codemirror/view';
import { createEditorCore } from '../common/editor/editor-core.ts';
import type { HostedEditor } from '../common/editor/hosted-editor.ts';

export interface FileEditorOptions {
  label: string;
  onChange: (text: string) => void;
  /** Ctrl/Cmd+S. */
  onSave: () => void;
}

export interface FileEditorController extends HostedEditor {
  /** Shows `text` (a new document: its own undo history). */
  load(text: string, separator: string, fileName: string): void;
}

function languageFor(fileName: string): Extension {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  if (['ts', 'tsx', 'mts', 'cts'].includes(ext)) return javascript({ typescript: true, jsx: ext === 'tsx' });
  if (['js', 'jsx', 'mjs', 'cjs'].includes(ext)) return javascript({ jsx: ext === 'jsx' });
  if (['json', 'jsonc'].includes(ext)) return json();
  return [];
}

export function createFileEditor(host: HTMLElement, options: FileEditorOptions): FileEditorController {
  const core = createEditorCore(host, { label: options.label, testid: 'file-editor-content' });

  function state(text: string, separator: string, fileName: string): EditorState {
    return EditorState.create({
      doc: text,
      extensions: [
        EditorState.lineSeparator.of(separator),
        ...core.documentExtensions({
          onChange: options.onChange,
          keys: [{ key: 'Mod-s', preventDefault: true, run: () => { options.onSave(); return true; } }],
        }),
        highlightSpecialChars(),
        languageFor(fileName),
      ],
    });
  }

  return {
    load(text, separator, fileName) {
      core.view.setState(state(text, separator, fileName));
    },
    sync: core.sync,
    setReadOnly: core.setReadOnly,
    setLabel: (label) => core.setLabel(label),
    focus: core.focus,
    destroy: core.destroy,
  };
}
