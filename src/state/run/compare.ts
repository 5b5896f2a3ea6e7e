// Comparing two runs on one timeline: the selected scenario and another one (a recorded live run, any saved
// scenario), each recorded once as its file says and labelled with the model it was recorded from, or "scripted".
import type { Scenario } from '../../recording/scenario/index.ts';
import type { RecordTake } from './recorder.ts';

/** The lane label of a scenario's run: its recorded model's id, or `scripted` for a scenario written by hand. */
export function modelLabelOf(scenario: Scenario): string {
  return scenario.model?.id ?? 'scripted';
}

/**
 * The two recordings of a comparison: the selected scenario first. Two runs of the same model (or two scripted
 * ones) are told apart by a number, so each lane, total and automation label names one recording.
 */
export function compareTakes(selected: Scenario, other: Scenario): RecordTake[] {
  const first = modelLabelOf(selected);
  const second = modelLabelOf(other);
  const same = first === second;
  return [
    { mode: undefined, label: same ? `${first} (1)` : first },
    { mode: undefined, scenario: other, label: same ? `${second} (2)` : second },
  ];
}
