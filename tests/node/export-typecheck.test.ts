// Exported files are TypeScript a pi user can keep: single-tool files and a whole scenario bundle (tools, hooks,
// a JSON Schema tool, the Node helpers, the replay helper and the test) type-check in strict mode against the
// real type definitions of pi 0.85.1, Vitest and Node.
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { createStarterWorkspace, STARTER_FILES, STARTER_TOOLS } from '../../src/content/examples/index.ts';
import { exportScenariosToPi, exportToolFile } from '../../src/portable/export-pi/index.ts';
import { EXPORT_FIXTURES } from './export-fixtures.ts';
import { parseScenarioText, recordInPlayground, writeExport } from './export-support.ts';

const OUT = join(process.cwd(), '.test-output', 'export-typecheck');

function typeCheck(dir: string, files: string[]): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true, noEmit: true, skipLibCheck: true, allowImportingTsExtensions: true, resolveJsonModule: true,
    lib: ['lib.es2022.d.ts'], types: ['node'], typeRoots: [join(process.cwd(), 'node_modules/@types')],
  };
  const program = ts.createProgram(files.map((f) => join(dir, f)), options);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return `${d.file?.fileName.replace(`${dir}/`, '')}:${where ? where.line + 1 : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('exported TypeScript', () => {
  it('type-checks against the real pi packages, single tools and a whole scenario bundle', async () => {
    const fixture = EXPORT_FIXTURES.find((f) => f.extraTools)!;
    const starter = createStarterWorkspace();
    const workspace = { ...starter, tools: [...starter.tools, ...(fixture.extraTools ?? [])] };
    const scenario = parseScenarioText(JSON.stringify(fixture.scenario));
    const recorded = await recordInPlayground(workspace, scenario, { ...STARTER_FILES });
    const bundle = exportScenariosToPi({ workspace, scenarios: [{ title: fixture.title, scenario, events: recorded.events }], files: { ...STARTER_FILES } });
    const singles = STARTER_TOOLS.map((tool) => ({ ...exportToolFile(tool), path: `single/${exportToolFile(tool).path}` }));
    writeExport(OUT, [...bundle.files, ...singles]);
    const sources = [...bundle.files, ...singles].map((f) => f.path).filter((p) => p.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(STARTER_TOOLS.length * 2);
    expect(typeCheck(OUT, sources)).toEqual([]);
  }, 120_000);
});
