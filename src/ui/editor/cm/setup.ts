// The tool editor's CodeMirror, loaded as a lazy chunk: the app's shared editor core (common/editor/editor-core.ts:
// shadow root, keys, accessibility, read-only, outside edits) plus completion, hover and lint. One view per editor
// pane, one EditorState per document, so each tool file keeps its own undo history and selection.
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete';
import { javascript } from '@codemirror/lang-javascript';
import { json } from '@codemirror/lang-json';
import { bracketMatching, indentOnInput } from '@codemirror/language';
import { lintGutter, lintKeymap, setDiagnostics, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { EditorSelection, EditorState, type Extension, type Text } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { createEditorCore } from '../../common/editor/editor-core.ts';
import type { HostedEditor } from '../../common/editor/hosted-editor.ts';
import { createCompletionSource, type CompletionMode } from './completions.ts';
import { playgroundHover } from './hover.ts';

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

export interface EditorController extends HostedEditor {
  readonly view: EditorView;
  /** Shows document `docId`, restoring its own state if it was open before. */
  open(docId: string, text: string, language: EditorLanguage): void;
  setDiagnostics(diagnostics: readonly EditorDiagnostic[]): void;
  /** The UI language changed: new accessible name and CodeMirror phrases, for every document. */
  setLocale(label: string, phrases: Record<string, string>): void;
  goTo(line: number, column: number): void;
  forget(docId: string): void;
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
  const core = createEditorCore(host, { label: options.label, testid: 'editor-content', phrases: options.phrases });
  const { view } = core;
  const states = new Map<string, EditorState>();
  let current = '';
  let diagnostics: readonly EditorDiagnostic[] = [];

  function extensions(docId: string, language: EditorLanguage): Extension[] {
    const code = options.completion !== 'none' && language !== 'json';
    return [
      ...core.documentExtensions({
        onChange: (text) => options.onChange(docId, text),
        keys: [...closeBracketsKeymap, ...completionKeymap, ...lintKeymap],
      }),
      indentOnInput(),
      bracketMatching(),
      closeBrackets(),
      lintGutter(),
      language === 'json' ? json() : javascript({ typescript: true }),
      code && options.completion !== 'none' ? autocompletion({ override: [createCompletionSource(options.completion)], icons: false }) : [],
      code ? playgroundHover : [],
    ];
  }

  /** The open document holds no diagnostics because we cleared them (a kept state may still carry old ones). */
  let clear = false;
  function applyDiagnostics() {
    // Every evaluation hands the list in again; clearing an editor already clear would only cost a view update.
    if (diagnostics.length === 0 && clear) return;
    view.dispatch(setDiagnostics(view.state, toCmDiagnostics(view.state.doc, diagnostics)));
    clear = diagnostics.length === 0;
  }

  return {
    view,
    open(docId, text, language) {
      if (current) states.set(current, view.state);
      current = docId;
      const saved = states.get(docId);
      view.setState(saved ?? EditorState.create({ doc: text, extensions: extensions(docId, language) }));
      // A document kept from before still has the words, name and read-only state of then.
      if (saved) core.refresh();
      if (saved && saved.doc.toString() !== text) core.sync(text);
      diagnostics = [];
      clear = false;
    },
    sync: core.sync,
    setReadOnly: core.setReadOnly,
    focus: core.focus,
    setDiagnostics(next) {
      diagnostics = next;
      applyDiagnostics();
    },
    setLocale(label, phrases) {
      core.setLabel(label, phrases);
    },
    setLabel: (label) => core.setLabel(label),
    goTo(line, column) {
      const pos = positionOf(view.state.doc, line, column);
      view.dispatch({ selection: EditorSelection.cursor(pos), effects: EditorView.scrollIntoView(pos, { y: 'center' }) });
      view.focus();
    },
    forget(docId) {
      states.delete(docId);
    },
    destroy: core.destroy,
  };
}
