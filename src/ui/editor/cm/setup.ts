// The CodeMirror editor, loaded as a lazy chunk. One view per editor pane, one EditorState per document (so
// each tool file keeps its own undo history and selection), mounted in a shadow root: CodeMirror's styles then
// go through adoptedStyleSheets, which a strict `style-src 'self'` policy does not block.
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { Compartment, EditorSelection, EditorState, type Extension, type Text } from '@codemirror/state';
import {
  drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers,
} from '@codemirror/view';
import { createCompletionSource, type CompletionMode } from './completions.ts';
import { playgroundHover } from './hover.ts';
import { appEditorTheme } from './theme.ts';

export type EditorLanguage = 'typescript' | 'json';

/** A problem to underline, 1-based like the sandbox's diagnostics. */
export interface EditorDiagnostic {
  severity: 'error' | 'warning';
  message: string;
  line: number;
  column: number;
  endLine?: number;
  endColumn?: number;
}

export interface EditorOptions {
  /** Called on every edit of the open document. */
  onChange: (docId: string, text: string) => void;
  completion: CompletionMode | 'none';
  /** Accessible name of the text area. */
  label: string;
  /** CodeMirror's own words (lint panel, completion list) in the UI language, English text -> translation. */
  phrases?: Record<string, string>;
}

export interface EditorController {
  readonly view: EditorView;
  /** Shows document `docId`, restoring its own state if it was open before. */
  open(docId: string, text: string, language: EditorLanguage): void;
  /** Brings the open document in line with `text` changed elsewhere (undoable in the editor). */
  sync(text: string): void;
  setDiagnostics(diagnostics: readonly EditorDiagnostic[]): void;
  /** The UI language changed: new accessible name and CodeMirror phrases, for every document. */
  setLocale(label: string, phrases: Record<string, string>): void;
  goTo(line: number, column: number): void;
  forget(docId: string): void;
  destroy(): void;
}

/** Offset of a 1-based line/column in `doc`, clamped into the document. */
export function positionOf(doc: Text, line: number, column: number): number {
  const lineInfo = doc.line(Math.max(1, Math.min(doc.lines, Math.floor(line) || 1)));
  return Math.min(lineInfo.to, lineInfo.from + Math.max(0, (Math.floor(column) || 1) - 1));
}

export function toCmDiagnostics(doc: Text, diagnostics: readonly EditorDiagnostic[]): CmDiagnostic[] {
  return diagnostics.map((d) => {
    const from = positionOf(doc, d.line, d.column);
    let to = d.endLine !== undefined ? positionOf(doc, d.endLine, d.endColumn ?? 1) : from;
    if (to <= from) {
      // A point: underline the word there, or at least one character, so it can be seen and hovered.
      const line = doc.lineAt(from);
      const rest = line.text.slice(from - line.from);
      const word = /^[\w$]+/.exec(rest)?.[0].length ?? 0;
      to = Math.min(line.to, from + Math.max(1, word));
      if (to === from && from > line.from) return { from: from - 1, to: from, severity: d.severity, message: d.message };
    }
    return { from, to, severity: d.severity, message: d.message };
  });
}

export function createEditor(host: HTMLElement, options: EditorOptions): EditorController {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const states = new Map<string, EditorState>();
  let current = '';
  let diagnostics: readonly EditorDiagnostic[] = [];
  // What depends on the UI language, swapped in place when it changes (documents keep their history).
  const localeConf = new Compartment();
  let locale = { label: options.label, phrases: options.phrases ?? {} };
  const localeExtensions = (): Extension => [
    // An explicit tab stop: the scroller's only focusable child is this content, and axe (and some screen
    // readers) do not count a bare contenteditable inside a shadow root as keyboard-reachable.
    EditorView.contentAttributes.of({ 'aria-label': locale.label, 'data-testid': 'editor-content', tabindex: '0' }),
    EditorState.phrases.of(locale.phrases),
  ];

  const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  function extensions(docId: string, language: EditorLanguage): Extension[] {
    return [
      lineNumbers(),
      highlightActiveLineGutter(),
      history(),
      // A blinking caret is motion too: with reduced motion it stays still (0 turns CodeMirror's blink off).
      drawSelection({ cursorBlinkRate: prefersReducedMotion() ? 0 : 1200 }),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      highlightActiveLine(),
      lintGutter(),
      language === 'json' ? json() : javascript({ typescript: true }),
      options.completion === 'none' || language === 'json'
        ? []
        : autocompletion({ override: [createCompletionSource(options.completion)], icons: false }),
      options.completion === 'none' || language === 'json' ? [] : playgroundHover,
      keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap, indentWithTab]),
      EditorState.tabSize.of(2),
      // Descriptions are long strings; wrapping keeps them readable without sideways scrolling.
      EditorView.lineWrapping,
      localeConf.of(localeExtensions()),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) options.onChange(docId, update.state.doc.toString());
      }),
      appEditorTheme,
    ];
  }

  const view = new EditorView({ root, parent: root });

  function applyDiagnostics() {
    view.dispatch(setDiagnostics(view.state, toCmDiagnostics(view.state.doc, diagnostics)));
  }

  return {
    view,
    open(docId, text, language) {
      if (current) states.set(current, view.state);
      current = docId;
      const saved = states.get(docId);
      view.setState(saved ?? EditorState.create({ doc: text, extensions: extensions(docId, language) }));
      // A document kept from before a language change still has the old words.
      if (saved) view.dispatch({ effects: localeConf.reconfigure(localeExtensions()) });
      if (saved && saved.doc.toString() !== text) this.sync(text);
      diagnostics = [];
    },
    sync(text) {
      const old = view.state.doc.toString();
      if (old === text) return;
      // Replace only the changed middle, so the cursor and scroll position survive a small outside edit.
      let start = 0;
      while (start < old.length && start < text.length && old[start] === text[start]) start++;
      let endOld = old.length;
      let endNew = text.length;
      while (endOld > start && endNew > start && old[endOld - 1] === text[endNew - 1]) { endOld--; endNew--; }
      view.dispatch({ changes: { from: start, to: endOld, insert: text.slice(start, endNew) } });
    },
    setDiagnostics(next) {
      diagnostics = next;
      applyDiagnostics();
    },
    setLocale(label, phrases) {
      if (label === locale.label && phrases === locale.phrases) return;
      locale = { label, phrases };
      view.dispatch({ effects: localeConf.reconfigure(localeExtensions()) });
    },
    goTo(line, column) {
      const pos = positionOf(view.state.doc, line, column);
      view.dispatch({ selection: EditorSelection.cursor(pos), effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
      view.focus();
    },
    forget(docId) {
      states.delete(docId);
    },
    destroy() {
      view.destroy();
    },
  };
}
