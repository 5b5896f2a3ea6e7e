// The editor's look, written with the app's CSS variables: custom properties cross into the editor's shadow
// root, so one theme serves light and dark and follows a theme switch without reconfiguring.
import { HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorView } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';

const editorTheme = EditorView.theme({
  '&': {
    height: '100%',
    color: 'var(--text)',
    backgroundColor: 'var(--surface)',
    fontSize: '13px',
  },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono)', lineHeight: '1.6' },
  '.cm-content': { padding: '10px 0', caretColor: 'var(--accent)' },
  '.cm-line': { padding: '0 16px 0 8px' },
  '.cm-gutters': {
    backgroundColor: 'var(--surface)',
    color: 'var(--text-faint)',
    border: 'none',
    paddingLeft: '6px',
  },
  '.cm-lineNumbers .cm-gutterElement': { minWidth: '28px', padding: '0 6px 0 0' },
  '.cm-activeLine': { backgroundColor: 'color-mix(in srgb, var(--accent) 5%, transparent)' },
  '.cm-activeLineGutter': { backgroundColor: 'transparent', color: 'var(--text-muted)' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--accent)', borderLeftWidth: '2px' },
  '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground, ::selection': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 22%, transparent) !important',
  },
  '.cm-matchingBracket, &.cm-focused .cm-matchingBracket': {
    backgroundColor: 'color-mix(in srgb, var(--accent) 16%, transparent)',
    outline: '1px solid color-mix(in srgb, var(--accent) 40%, transparent)',
  },
  '.cm-tooltip': {
    border: '1px solid var(--border)',
    borderRadius: '8px',
    backgroundColor: 'var(--surface)',
    color: 'var(--text)',
    boxShadow: 'var(--shadow-pop)',
    overflow: 'hidden',
  },
  '.cm-tooltip-autocomplete > ul': { fontFamily: 'var(--font-mono)', fontSize: '12.5px', maxHeight: '18em' },
  '.cm-tooltip-autocomplete > ul > li': { padding: '3px 10px !important', lineHeight: '1.5' },
  '.cm-tooltip-autocomplete > ul > li[aria-selected]': { backgroundColor: 'var(--accent-soft)', color: 'var(--text)' },
  '.cm-completionDetail': { color: 'var(--text-faint)', fontStyle: 'normal', marginLeft: '10px' },
  '.cm-completionMatchedText': { textDecoration: 'none', color: 'var(--accent)', fontWeight: '600' },
  '.cm-completionInfo': {
    padding: '8px 10px',
    maxWidth: '320px',
    fontFamily: 'var(--font-sans)',
    fontSize: '12.5px',
    lineHeight: '1.45',
    color: 'var(--text-muted)',
  },
  '.cm-playground-hover': { padding: '8px 10px', maxWidth: '380px', fontSize: '12.5px', lineHeight: '1.45' },
  '.cm-playground-hover-head': { display: 'flex', flexWrap: 'wrap', gap: '2px 8px', alignItems: 'baseline' },
  '.cm-playground-hover .name': { fontFamily: 'var(--font-mono)', fontWeight: '600' },
  '.cm-playground-hover .sig': { fontFamily: 'var(--font-mono)', color: 'var(--text-muted)', fontSize: '11.5px' },
  '.cm-playground-hover p': { margin: '4px 0 0', fontFamily: 'var(--font-sans)', color: 'var(--text-muted)' },
  '.cm-diagnostic': { padding: '6px 10px', fontFamily: 'var(--font-sans)', fontSize: '12.5px' },
  '.cm-diagnostic-error': { borderLeft: '3px solid var(--danger)' },
  '.cm-diagnostic-warning': { borderLeft: '3px solid var(--warning)' },
  '.cm-lintRange-error': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--danger)',
    textDecorationThickness: '1px',
    textUnderlineOffset: '3px',
  },
  '.cm-lintRange-warning': {
    backgroundImage: 'none',
    textDecoration: 'underline wavy var(--warning)',
    textDecorationThickness: '1px',
    textUnderlineOffset: '3px',
  },
  '.cm-lint-marker': { width: '0.9em', height: '0.9em' },
  '.cm-panels': { backgroundColor: 'var(--surface-2)', color: 'var(--text)' },
  '.cm-snippetField': { backgroundColor: 'color-mix(in srgb, var(--accent) 12%, transparent)' },
});

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.modifier, t.controlKeyword, t.operatorKeyword, t.definitionKeyword, t.moduleKeyword], color: 'var(--syn-keyword)' },
  { tag: [t.string, t.special(t.string), t.regexp], color: 'var(--syn-string)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--syn-number)' },
  { tag: [t.propertyName, t.definition(t.propertyName)], color: 'var(--syn-property)' },
  { tag: [t.typeName, t.className, t.namespace], color: 'var(--syn-type)' },
  { tag: [t.function(t.variableName), t.function(t.propertyName)], color: 'var(--syn-function)' },
  { tag: [t.comment, t.lineComment, t.blockComment, t.docComment], color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: [t.punctuation, t.bracket, t.operator, t.separator], color: 'var(--syn-punct)' },
  { tag: t.invalid, color: 'var(--danger)' },
]);

export const appEditorTheme = [editorTheme, syntaxHighlighting(highlight)];
