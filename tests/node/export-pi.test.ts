// Proves "Export to pi": every scenario (our fixtures, the built-in example scenarios and the lessons) is recorded
// as the playground records it, exported with its tools, hooks and files, and the generated tests are run with the
// real pi packages in one Vitest subprocess. They pass only if pi emits the playground's events (a control bundle
// with one altered event must fail, so the comparison cannot pass vacuously).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStarterWorkspace, STARTER_FILES } from '../../src/content/examples/index.ts';
import { exportScenariosToPi } from '../../src/portable/export-pi/index.ts';
import type { EventSummary } from '../../src/portable/export-pi/index.ts';
import type { Workspace } from '../../src/portable/index.ts';
import type { Scenario } from '../../src/recording/scenario/index.ts';
import { EXPORT_FIXTURES } from './export-fixtures.ts';
import { loadBuiltInCases } from './export-sources.ts';
import { parseScenarioText, recordInPlayground, runVitestIn, writeExport } from './export-support.ts';

const OUT = join(process.cwd(), '.test-output', 'exports');

export interface ExportCase {
  title: string;
  workspace: Workspace;
  scenario: Scenario;
  files: Record<string, string>;
  codingTools?: string[];
}

function fixtureCases(): ExportCase[] {
  return EXPORT_FIXTURES.map((fixture) => {
    const starter = createStarterWorkspace();
    return {
      title: fixture.title,
      workspace: { ...starter, tools: [...starter.tools, ...(fixture.extraTools ?? [])] },
      scenario: parseScenarioText(JSON.stringify(fixture.scenario)),
      files: { ...STARTER_FILES },
    };
  });
}

/** Makes the control fail on purpose: the last tool result text is not what the playground recorded. */
function alter(events: EventSummary[]): EventSummary[] {
  const copy = events.map((e) => ({ ...e }));
  const end = [...copy].reverse().find((e) => e.type === 'tool_execution_end') as { text: string } | undefined;
  if (!end) throw new Error('the control scenario must call a tool');
  end.text += ' (altered)';
  return copy;
}

describe('export to pi', () => {
  it('the real pi 0.85.1 emits the events the playground recorded, for every exported scenario', async () => {
    rmSync(OUT, { recursive: true, force: true });
    const cases = [...fixtureCases(), ...(await loadBuiltInCases())];
    const titles: string[] = [];
    for (const [i, item] of cases.entries()) {
      const recorded = await recordInPlayground(item.workspace, item.scenario, item.files, item.codingTools);
      expect(recorded.failure, item.title).toBeUndefined();
      const scenarios = [{ title: item.title, scenario: item.scenario, events: recorded.events, codingTools: item.codingTools }];
      writeExport(join(OUT, `case-${String(i + 1).padStart(2, '0')}`), exportScenariosToPi({ workspace: item.workspace, scenarios, files: item.files }).files);
      titles.push(item.title);
      if (i === 0) {
        const control = [{ ...scenarios[0], title: `control ${item.title}`, events: alter(recorded.events) }];
        writeExport(join(OUT, 'control'), exportScenariosToPi({ workspace: item.workspace, scenarios: control, files: item.files }).files);
      }
    }
    const { report, output } = runVitestIn(OUT);
    expect(report, output).not.toBeNull();
    const results = report!.testResults.flatMap((file) => file.assertionResults.map((a) => ({ file: file.name, ...a })));
    const failures = results.filter((r) => r.status !== 'passed' && !r.file.includes('/control/'));
    expect(failures.map((f) => `${f.file} › ${f.title}\n${f.failureMessages.join('\n')}`).join('\n\n')).toBe('');
    const broken = report!.testResults.filter((file) => file.assertionResults.length === 0).map((f) => `${f.name}: ${f.message}`);
    expect(broken).toEqual([]);
    expect(results.filter((r) => r.status === 'passed').map((r) => r.title).sort())
      .toEqual(titles.map((t) => `pi emits the events the playground recorded: ${t}`).sort());
    const control = results.filter((r) => r.file.includes('/control/'));
    expect(control.map((r) => r.status)).toEqual(['failed']);
    // It failed on the comparison itself (the same scenario unaltered passed above).
    expect(control[0].failureMessages.join('\n')).toContain('to deeply equal');
  }, 240_000);
});
