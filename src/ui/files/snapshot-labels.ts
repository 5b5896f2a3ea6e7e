// Words for snapshots and run starts, in the reader's language (shared by the run strip and the snapshots list).
import type { RunStart, ScenarioRef } from '../../state/files/snapshots.svelte.ts';
import { i18n, t } from '../i18n/i18n.svelte.ts';

export function formatTime(ms: number): string {
  return new Intl.DateTimeFormat(i18n.locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(new Date(ms));
}

export function formatDateTime(ms: number): string {
  return new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

/** A scenario's name as the scenario list shows it (built-in examples are named in the reader's language). */
export function scenarioLabel(ref: Pick<ScenarioRef, 'name' | 'exampleId'> | null | undefined): string {
  if (!ref) return '';
  if (ref.name) return ref.name;
  if (ref.exampleId) {
    const key = `scenario.example.${ref.exampleId}`;
    const named = t(key);
    if (named !== key) return named;
  }
  return t('files.snapshots.untitledScenario');
}

export function startLabel(start: RunStart): string {
  return start.snapshotId === null
    ? t('files.start.captured', { time: formatTime(start.takenAt) })
    : t('files.start.kept', { name: start.name ?? '' });
}
