// How `scenario=<ref>` and loadScenario(ref) find a scenario of the workspace, and how a scenario file handed in as
// a JSON object is checked before it is added (with the same parser the Scenario panel uses).
import type { StoredScenario } from '../state/workspace/scenario.svelte.ts';

/**
 * The workspace's scenario `ref` names, tried in this order: its id, a built-in example's id (with or without the
 * `example-` prefix the workspace gives it), then its name as the picker shows it (case and spaces ignored).
 */
export function findScenario(
  items: readonly StoredScenario[], ref: string, nameOf: (item: StoredScenario) => string,
): StoredScenario | undefined {
  const wanted = ref.trim();
  const loose = (text: string) => text.toLowerCase().replace(/\s+/g, ' ').trim();
  return items.find((item) => item.id === wanted)
    ?? items.find((item) => item.exampleId !== undefined && (item.exampleId === wanted || `example-${item.exampleId}` === wanted))
    ?? items.find((item) => item.name !== '' && loose(item.name) === loose(wanted))
    ?? items.find((item) => loose(nameOf(item)) === loose(wanted));
}

export type ParsedScenarioObject = { ok: true; text: string; title?: string } | { ok: false; error: string };

/** Checks a scenario file given as an object; the text is what the Scenario panel's JSON view will show. */
export async function parseScenarioObject(value: unknown): Promise<ParsedScenarioObject> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'a scenario is a scenario id or name, or a scenario file object' };
  }
  let text: string;
  try {
    text = `${JSON.stringify(value, null, 2)}\n`;
  } catch (error) {
    return { ok: false, error: `the scenario is not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const { parseScenario } = await import('../recording/scenario/parse/index.ts');
  const result = parseScenario(text);
  if (!result.ok) {
    const first = result.errors.slice(0, 3).map((e) => `${e.path || '/'}: ${e.message}`).join('; ');
    return { ok: false, error: `the scenario file has ${result.errors.length} error(s): ${first}` };
  }
  const title = (value as { title?: unknown }).title;
  return { ok: true, text, ...(typeof title === 'string' && title.trim() ? { title: title.trim() } : {}) };
}
