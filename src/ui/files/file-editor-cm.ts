// CodeMirror for files of the virtual filesystem (a lazy chunk, in a shadow root like the tool editor). The line
// separator is the file's own, so a CRLF file stays CRLF and a stray LF inside it stays a visible character:
// what is saved differs from what was stored only where the user typed.
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers,
} from '@codemirror/view';
import { appEditorTheme } from '../editor/cm/theme.ts';

export interface FileEditorOptions {
  label: string;
  onChange: (text: string) => void;
  /** Ctrl/Cmd+S. */
  onSave: () => void;
}

export interface FileEditorController {
  /** Shows `text` (a new document: its own undo history). */
  load(text: string, separator: string, fileName: string): void;
  /** Takes in a change made elsewhere without losing the cursor. */
  sync(text: string): void;
  focus(): void;
  destroy(): void;
}

function languageFor(fileName: string): Extension {
  const ext = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  if (['ts', 'tsx', 'mts', 'cts'].includes(ext)) return javascript({ typescript: true, jsx: ext === 'tsx' });
  if (['js', 'jsx', 'mjs', 'cjs'].includes(ext)) return javascript({ jsx: ext === 'jsx' });
  if (['json', 'jsonc'].includes(ext)) return json();
  return [];
}

export function createFileEditor(host: HTMLElement, options: FileEditorOptions): FileEditorController {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const language = new Compartment();
  let silent = false;

  const view = new EditorView({ root, parent: root });

  function state(text: string, separator: string, fileName: string): EditorState {
    return EditorState.create({
      doc: text,
      extensions: [
        EditorState.lineSeparator.of(separator),
        lineNumbers(),
        highlightActiveLineGutter(),
        highlightSpecialChars(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        language.of(languageFor(fileName)),
        keymap.of([{ key: 'Mod-s', preventDefault: true, run: () => { options.onSave(); return true; } }, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        EditorState.tabSize.of(2),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': options.label, 'data-testid': 'file-editor-content', tabindex: '0' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !silent) options.onChange(update.state.doc.toString());
        }),
        appEditorTheme,
      ],
    });
  }

  return {
    load(text, separator, fileName) {
      view.setState(state(text, separator, fileName));
    },
    sync(text) {
      const old = view.state.doc.toString();
      if (old === text) return;
      let start = 0;
      while (start < old.length && start < text.length && old[start] === text[start]) start++;
      let endOld = old.length;
      let endNew = text.length;
      while (endOld > start && endNew > start && old[endOld - 1] === text[endNew - 1]) { endOld--; endNew--; }
      silent = true;
      try {
        view.dispatch({ changes: { from: start, to: endOld, insert: text.slice(start, endNew) } });
      } finally {
        silent = false;
      }
    },
    focus() {
      view.focus();
    },
    destroy() {
      view.destroy();
    },
  };
}
