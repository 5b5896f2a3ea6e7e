// Built-in texts the user has not changed, in the reader's language: a lesson scenario's name and an example or
// lesson tool's description. Keyed by the material's own English (messages/examples.ts), so an edited text shows as
// the user wrote it.
import { CATALOG } from './catalog.ts';
import { i18n, t } from './i18n.svelte.ts';

/** A lesson workspace's scenario id is `lesson-<lessonId>` (state/lessons-workspace.ts). */
const LESSON_SCENARIO = /^lesson-(.+)$/;

/** The lesson scenario's name in the reader's language while it is the lesson's own; undefined otherwise. */
export function lessonScenarioName(scenarioId: string, name: string): string | undefined {
  const lessonId = LESSON_SCENARIO.exec(scenarioId)?.[1];
  const key = lessonId && `examples.lessonScenario.${lessonId}`;
  return key && CATALOG.en[key] === name ? t(key) : undefined;
}

/**
 * A translation of a built-in tool's description, when the reader's language is not English and the tool still has
 * the built-in description word for word; undefined otherwise (the description itself is what the model gets).
 */
export function toolDescriptionTranslation(toolName: string, description: string): string | undefined {
  if (i18n.locale === 'en') return undefined;
  const key = `examples.toolDescription.${toolName}`;
  return CATALOG.en[key] === description ? t(key) : undefined;
}
