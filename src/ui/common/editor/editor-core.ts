// What every CodeMirror editor of the app shares (only imported from the lazy editor chunks): the view in a shadow
// root (CodeMirror's styles then go through adoptedStyleSheets, which a strict `style-src 'self'` allows), the
// same keys, the same accessible content (name, explicit tab stop, read-only state), a still caret under reduced
// motion, and outside edits taken in as a minimal change that keeps the cursor and is not reported back as typing.
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { Annotation, Compartment, EditorState, type Extension } from '@codemirror/state';
import {
  drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers, type KeyBinding,
} from '@codemirror/view';
import { appEditorTheme } from '../../editor/cm/theme.ts';
import type { HostedEditor } from './hosted-editor.ts';

export interface EditorCoreOptions {
  /** Accessible name of the text area. */
  label: string;
  /** The content element's test id. */
  testid: string;
  /** CodeMirror's own words in the UI language (English text -> translation). */
  phrases?: Record<string, string>;
}

export interface DocumentOptions {
  /** An edit typed (or pasted, undone…) in the editor; not called for `sync`. */
  onChange: (text: string) => void;
  /** Keys tried before the shared ones. */
  keys?: readonly KeyBinding[];
}

export interface EditorCore extends HostedEditor {
  readonly view: EditorView;
  /** The extensions every document gets; put them in each EditorState this editor shows. */
  documentExtensions(options: DocumentOptions): Extension[];
  /** After `view.setState` with a state kept from before: bring its name, words and read-only state up to date. */
  refresh(): void;
  /** A new accessible name and, when given, new CodeMirror words. */
  setLabel(label: string, phrases?: Record<string, string>): void;
}

/** Marks a transaction made by `sync`: it brings in text the app already has. */
const external = Annotation.define<boolean>();

/** The smallest change turning `old` into `text`: the common start and end are left alone. */
export function minimalChange(old: string, text: string): { from: number; to: number; insert: string } {
  let start = 0;
  while (start < old.length && start < text.length && old[start] === text[start]) start++;
  let endOld = old.length;
  let endNew = text.length;
  while (endOld > start && endNew > start && old[endOld - 1] === text[endNew - 1]) { endOld--; endNew--; }
  return { from: start, to: endOld, insert: text.slice(start, endNew) };
}

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

export function createEditorCore(host: HTMLElement, options: EditorCoreOptions): EditorCore {
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const access = new Compartment();
  const writable = new Compartment();
  let label = options.label;
  let phrases = options.phrases ?? {};
  let readOnly = false;

  const accessExtensions = (): Extension => [
    // An explicit tab stop: the scroller's only focusable child is this content, and axe (and some screen
    // readers) do not count a bare contenteditable inside a shadow root as keyboard-reachable.
    EditorView.contentAttributes.of({ 'aria-label': label, 'data-testid': options.testid, tabindex: '0' }),
    EditorState.phrases.of(phrases),
  ];
  // Still focusable and selectable (so it can be read and copied); edits are refused and the state is announced.
  const writableExtensions = (): Extension => (readOnly ? [EditorState.readOnly.of(true), EditorView.contentAttributes.of({ 'aria-readonly': 'true' })] : []);

  const view = new EditorView({ root, parent: root });
  const reconfigure = () => view.dispatch({ effects: [access.reconfigure(accessExtensions()), writable.reconfigure(writableExtensions())] });

  return {
    view,
    documentExtensions({ onChange, keys = [] }) {
      return [
        lineNumbers(),
        highlightActiveLineGutter(),
        history(),
        // A blinking caret is motion too: with reduced motion it stays still (0 turns CodeMirror's blink off).
        drawSelection({ cursorBlinkRate: prefersReducedMotion() ? 0 : 1200 }),
        highlightActiveLine(),
        // Tab indents; Escape first and then Tab leaves the editor (CodeMirror's own tab-focus escape).
        keymap.of([...keys, ...defaultKeymap, ...historyKeymap, indentWithTab]),
        // Descriptions are long strings; wrapping keeps them readable without sideways scrolling.
        EditorState.tabSize.of(2),
        EditorView.lineWrapping,
        access.of(accessExtensions()),
        writable.of(writableExtensions()),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((tr) => tr.annotation(external))) onChange(update.state.doc.toString());
        }),
        appEditorTheme,
      ];
    },
    refresh: reconfigure,
    setLabel(nextLabel, nextPhrases = phrases) {
      if (nextLabel === label && nextPhrases === phrases) return;
      label = nextLabel;
      phrases = nextPhrases;
      reconfigure();
    },
    setReadOnly(next) {
      if (next === readOnly) return;
      readOnly = next;
      reconfigure();
    },
    sync(text) {
      const old = view.state.doc.toString();
      if (old === text) return;
      view.dispatch({ changes: minimalChange(old, text), annotations: external.of(true) });
    },
    focus() {
      view.focus();
    },
    destroy() {
      view.destroy();
    },
  };
}
