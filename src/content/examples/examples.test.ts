// The starter tools must be code a pi user could paste into a pi project: they type-check against the real
// pi 0.85.1 type definitions, and each declares the name, description and mode the playground promises.
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { createJsonSchemaSource, createStarterWorkspace, createToolSource, STARTER_TOOLS } from './index.ts';

// The playground's runtime module as tool code sees it (sleep on the playground clock, the virtual filesystem).
const PLAYGROUND_DECLARATION = `declare module "playground" {
  export function sleep(ms: number, signal?: AbortSignal): Promise<void>;
  export const fs: {
    readFile(path: string): Promise<string>;
    list(path?: string): Promise<{ name: string; kind: "file" | "directory"; size: number }[]>;
  };
}`;

function typeCheck(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true, noEmit: true, skipLibCheck: true, lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [],
  };
  const host = ts.createCompilerHost(options);
  const read = host.readFile.bind(host);
  const exists = host.fileExists.bind(host);
  const virtual = (name: string) => Object.keys(files).find((f) => name.endsWith(f));
  host.readFile = (name) => (virtual(name) ? files[virtual(name)!] : read(name));
  host.fileExists = (name) => Boolean(virtual(name)) || exists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    const v = virtual(name);
    return v ? ts.createSourceFile(name, files[v], version) : getSourceFile(name, version);
  };
  const program = ts.createProgram(Object.keys(files).map((f) => `${process.cwd()}/${f}`), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const where = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return `${d.file?.fileName.split('/').pop()}:${where ? where.line + 1 : '?'}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
  });
}

describe('starter tools', () => {
  it('type-check against pi 0.85.1\'s own type definitions', () => {
    const files: Record<string, string> = { '__examples__/playground.d.ts': PLAYGROUND_DECLARATION };
    for (const tool of STARTER_TOOLS) files[`__examples__/${tool.name}.ts`] = tool.source;
    files['__examples__/new_tool.ts'] = createToolSource('new_tool');
    files['__examples__/hooks.ts'] = createStarterWorkspace().hooks;
    expect(typeCheck(files)).toEqual([]);
  }, 60_000);

  it('declare the names they are listed under, once each, with ids that never change', () => {
    const names = STARTER_TOOLS.map((t) => t.name);
    expect(names).toEqual(['get_weather', 'read_file', 'list_dir', 'echo', 'calculate', 'deploy', 'slow_fetch', 'slow_compute']);
    for (const tool of STARTER_TOOLS) {
      expect(tool.source).toContain(`name: "${tool.name}"`);
      expect(tool.id).toBe(`example-${tool.name.replace(/_/g, '-')}`);
    }
  });

  it('teach the points they are there for', () => {
    const byName = Object.fromEntries(STARTER_TOOLS.map((t) => [t.name, t.source]));
    expect(byName.list_dir).toMatch(/relative to the workspace root/i);
    expect(byName.list_dir).toMatch(/prepareArguments/);
    expect(byName.deploy).toContain('executionMode: "sequential"');
    // The chapter's own way to wait; the sandbox puts the timer on the run's clock.
    expect(byName.slow_fetch).toContain('await new Promise((r) => setTimeout(r, 2000));');
    expect(byName.slow_compute).toContain('await new Promise((r) => setTimeout(r, 2000));');
    expect(byName.slow_fetch).toContain('sleep(2000, signal)'); // the alternative, named in a comment
    expect(byName.calculate).not.toMatch(/\beval\(|new Function/);
  });

  it('give each call a fresh, independent workspace', () => {
    const a = createStarterWorkspace();
    a.tools[0].source = 'changed';
    expect(createStarterWorkspace().tools[0].source).not.toBe('changed');
    expect(a.settings.toolExecution).toBe('parallel');
  });

  it('offer a JSON-schema template shaped like an MCP tools/list entry', () => {
    const parsed = JSON.parse(createJsonSchemaSource('lookup'));
    expect(parsed).toMatchObject({ name: 'lookup', inputSchema: { type: 'object', required: ['query'] } });
  });
});
