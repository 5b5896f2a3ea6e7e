// Shape of a built-in example scenario: a stable id and the scenario file as the user will see and edit it.
import type { ScenarioFile } from '../../../recording/scenario/index.ts';

export interface ExampleScenario {
  /** Stable id; the UI names the example through its message key `scenario.example.<id>`. */
  id: string;
  file: ScenarioFile;
}

/** The example as JSON text, formatted the way the scenario editor writes files. */
export function exampleScenarioText(example: ExampleScenario): string {
  return `${JSON.stringify(example.file, null, 2)}\n`;
}
