// The built-in material the export test proves: the example scenarios (with the starter workspace and files, as
// the app runs them) and every lesson run (its tools, hooks, files and coding tools). Each is loaded only if it
// exists, so the test keeps working while that material is being written.
import { createStarterWorkspace, STARTER_FILES } from '../../src/content/examples/index.ts';
import { codingToolsCalled, parseScenarioText } from './export-direct.ts';
import type { ExportCase } from './export-pi.test.ts';

type Loader = () => Promise<Record<string, any>>;
const examplesModule = Object.values(import.meta.glob('../../src/content/examples/scenarios/index.ts'))[0] as Loader | undefined;
const lessonsModule = Object.values(import.meta.glob('../../src/content/lessons/index.ts'))[0] as Loader | undefined;

export async function loadBuiltInCases(): Promise<ExportCase[]> {
  const cases: ExportCase[] = [];
  if (examplesModule) {
    const { EXAMPLE_SCENARIOS } = await examplesModule();
    for (const example of EXAMPLE_SCENARIOS as { id: string; file: object }[]) {
      const codingTools = codingToolsCalled(example.file);
      cases.push({
        title: `example ${example.id}`,
        workspace: createStarterWorkspace(),
        scenario: parseScenarioText(JSON.stringify(example.file)),
        files: { ...STARTER_FILES },
        ...(codingTools.length ? { codingTools } : {}),
      });
    }
  }
  if (lessonsModule) {
    const { LESSONS, planLessonRuns } = await lessonsModule();
    for (const lesson of LESSONS) {
      const plan = planLessonRuns(lesson);
      if (!plan.ok) throw new Error(`lesson ${lesson.id} does not parse`);
      for (const run of plan.runs) {
        cases.push({
          title: `lesson ${lesson.id} (${run.label})`,
          workspace: { tools: lesson.tools, hooks: lesson.hooks, settings: lesson.settings },
          scenario: run.scenario,
          files: { ...(lesson.files ?? {}) },
          ...(lesson.codingTools?.length ? { codingTools: lesson.codingTools } : {}),
        });
      }
    }
  }
  return cases;
}
