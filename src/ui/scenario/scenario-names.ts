// How a scenario is named in the picker: its own name (a lesson's own scenario name in the reader's language), or for
// an untouched built-in example, the example's name in the reader's language; and its description, which for a built-in example the user has not reworded is also in the
// reader's language (the scenario file keeps the English text, as a pi user would write it).
import { EXAMPLE_SCENARIOS } from '../../content/examples/scenarios/index.ts';
import type { StoredScenario } from '../../state/workspace/scenario.svelte.ts';
import { CATALOG } from '../i18n/catalog.ts';
import { lessonScenarioName } from '../i18n/example-texts.ts';
import { t } from '../i18n/i18n.svelte.ts';

export function scenarioName(item: Pick<StoredScenario, 'name' | 'exampleId'> & { id?: string }): string {
  if (item.name) return (item.id && lessonScenarioName(item.id, item.name)) || item.name;
  return item.exampleId ? t(`scenario.example.${item.exampleId}`) : t('scenario.untitled');
}

/** The description to show: the example's own words translated while they are unchanged, else the file's text. */
export function scenarioDescription(item: Pick<StoredScenario, 'exampleId'> | null | undefined, description: string): string {
  const example = item?.exampleId ? EXAMPLE_SCENARIOS.find((e) => e.id === item.exampleId) : undefined;
  const key = example && `scenario.exampleDescription.${example.id}`;
  return key && example.file.description === description && key in CATALOG.en ? t(key) : description;
}
