// Keeps docs/automation.md honest: every test id a component carries, every URL parameter and every method of
// window.piPlayground is documented there (a new one fails here until it is).
import { describe, expect, it } from 'vitest';
import doc from '../../../docs/automation.md?raw';
import { AUTOMATION_PARAMS, type AutomationController } from '../../automation/index.ts';
import { createPlaygroundApi } from './window-api.ts';

const components = import.meta.glob<string>('/src/**/*.svelte', { query: '?raw', import: 'default', eager: true });

/** Test ids written in markup (`data-testid="…"`) or handed to a component (`testid="…"`), templates included. */
function testIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const [file, text] of Object.entries(components)) {
    if (/\/testing\/|\.test\./.test(file)) continue;
    for (const m of text.matchAll(/\b(?:data-)?testid="([^"]+)"/g)) ids.set(m[1], file);
  }
  return ids;
}

const mentioned = (name: string) => new RegExp(`(?<![\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(doc);

describe('docs/automation.md', () => {
  it('lists every test id of the app (a templated id by its prefix and <value>)', () => {
    const ids = testIds();
    expect(ids.size).toBeGreaterThan(250);
    const missing: string[] = [];
    for (const [id, file] of ids) {
      if (id.startsWith('{') || id.startsWith('$')) continue; // a shared component's suffix, documented as a rule
      const brace = id.indexOf('{');
      const documented = brace < 0 ? mentioned(id) : doc.includes(`${id.slice(0, brace)}<`);
      if (!documented) missing.push(`${id} (${file.slice(1)})`);
    }
    expect(missing).toEqual([]);
  });

  it('describes every URL parameter', () => {
    for (const param of AUTOMATION_PARAMS) expect(doc, param).toContain(`| \`${param}\` |`);
  });

  it('describes every method of window.piPlayground', () => {
    const api = createPlaygroundApi({ app: {} } as unknown as AutomationController, { panels: () => [], lessonTitle: String, scenarioName: String });
    const methods = Object.keys(api).filter((key) => key !== 'version');
    expect(methods.length).toBeGreaterThan(20);
    for (const method of methods) expect(doc, method).toContain(`\`${method}(`);
  });
});
