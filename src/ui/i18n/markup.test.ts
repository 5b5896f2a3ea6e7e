// Guard: no component shows literal English. Every text node and every read attribute (title, aria-label,
// placeholder, alt, label, …Label props) outside `{…}` must come from t(); failures list file:line and the text.
import { describe, expect, it } from 'vitest';
import { scanMarkup } from './markup-scan.ts';

const components = import.meta.glob<string>('/src/**/*.svelte', { query: '?raw', import: 'default', eager: true });

/**
 * Literals that are the same in every language, so they may stay in markup. Keep this short; each entry says why.
 */
const ALLOWED = new Set([
  // Names of formats, encodings, languages and units, as the ecosystem writes them (also in Chinese).
  'JSON', 'JSON Schema', 'TypeScript', 'TS', 'UTF-8 BOM', 'ms',
  // The TypeScript type the Schema panel can show instead of JSON Schema: code.
  'Static<typeof parameters>',
  // A key chord and an HTTP method; written the same way in Chinese.
  'Ctrl+Enter', 'POST',
  // pi's one-word field names, listed as the fields they are (camelCase names are recognised as code below).
  'name', 'description', 'parameters', 'label', 'execute', 'hooks', 'terminate',
]);

/** A lone camelCase identifier (`executionMode`, `isError`) is one of pi's names: code, not prose. */
const IDENTIFIER = /^[a-z]+(?:[A-Z][a-z0-9]*)+$/;

/** Test components and testing helpers render fixtures, not product text. */
const files = Object.keys(components).filter((file) => !/\/testing\/|\.test\./.test(file)).sort();

describe('markup has no hard-coded English', () => {
  it('scans every component under src/', () => {
    expect(files.length).toBeGreaterThan(15);
  });

  it.each(files)('%s', (file) => {
    const findings = scanMarkup(components[file])
      .filter((f) => !ALLOWED.has(f.literal) && !IDENTIFIER.test(f.literal))
      .map((f) => `${file.slice(1)}:${f.line} ${f.where}: ${JSON.stringify(f.literal)}`);
    expect(findings).toEqual([]);
  });
});

describe('the markup scanner', () => {
  it('reports text and read attributes with their line, and skips expressions, code, scripts and styles', () => {
    const source = [
      '<script lang="ts">const label = "Not markup";</script>',
      '<h2>Hello {name}</h2>',
      '<button aria-label="Close it" title={t(\'x\')} data-testid="close-button" onclick={() => a > b}>{t(\'y\')}</button>',
      '<p>{#if ok}{t(\'ok\')}{:else}<code>toolExecution</code>{/if}</p>',
      '<input placeholder="Type {what} here" />',
      '<!-- A comment in English -->',
      '<style>p::before { content: "Styled"; }</style>',
    ].join('\n');
    expect(scanMarkup(source)).toEqual([
      { line: 2, where: 'text', literal: 'Hello' },
      { line: 3, where: 'aria-label', literal: 'Close it' },
      { line: 5, where: 'placeholder', literal: 'Type here' },
    ]);
  });
});
