// How a scenario is named in the picker: its own name, or for an untouched built-in example, the example's name in
// the reader's language.
import type { StoredScenario } from '../../state/scenario.svelte.ts';
import { t } from '../i18n/i18n.svelte.ts';

export function scenarioName(item: Pick<StoredScenario, 'name' | 'exampleId'>): string {
  if (item.name) return item.name;
  return item.exampleId ? t(`scenario.example.${item.exampleId}`) : t('scenario.untitled');
}
