// Test support for the export test: writes generated bundles and runs them with the real pi in a Vitest
// subprocess. The playground side (recording a scenario) is in export-direct.ts.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ExportFile } from '../../src/portable/export-pi/index.ts';

export { evaluateWorkspace, parseScenarioText, recordInPlayground } from './export-direct.ts';

/** Writes the files under `dir` (emptied first). */
export function writeExport(dir: string, files: ExportFile[]): void {
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    const path = join(dir, file.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, file.content);
  }
}

export interface VitestReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  testResults: { name: string; status: string; message: string; assertionResults: { title: string; status: string; failureMessages: string[] }[] }[];
}

/** Runs `npx vitest run` in `dir` (a minimal config of its own) and returns Vitest's JSON report. */
export function runVitestIn(dir: string): { report: VitestReport | null; output: string } {
  // isolate: false loads pi once per worker instead of once per file; every replay cleans up after itself.
  writeFileSync(join(dir, 'vitest.config.mjs'), 'export default { test: { include: ["**/*.test.ts"], environment: "node", testTimeout: 30000, isolate: false } };\n');
  const reportFile = join(dir, 'report.json');
  const result = spawnSync('npx', ['vitest', 'run', '--root', dir, '--config', join(dir, 'vitest.config.mjs'), '--reporter=json', `--outputFile=${reportFile}`], {
    cwd: dir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: '1' },
  });
  let report: VitestReport | null = null;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as VitestReport;
  } catch {
    report = null;
  }
  return { report, output: `${result.stdout ?? ''}\n${result.stderr ?? ''}` };
}
