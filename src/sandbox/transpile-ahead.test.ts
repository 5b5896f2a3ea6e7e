// The starter workspace transpiled at build time (virtual:pi-starter-transpiled): its first evaluation needs no
// sucrase, and what the build made is exactly what sucrase makes in the app, code and source map alike.
import { describe, expect, it } from 'vitest';
import { STARTER_TRANSPILED } from 'virtual:pi-starter-transpiled';
import { STARTER_HOOKS, STARTER_TOOLS } from '../content/examples/index.ts';
import { addPrecompiled, loadTranspiler, needsTranspiler, transpileToolModule } from './host/transpile.ts';
import { TRANSPILE_OPTIONS } from './host/transpile-options.ts';
import { testSandbox, tsFile } from './testing/helpers.ts';

describe('the starter workspace transpiled ahead of time', () => {
  it('covers every starter tool and the hooks file', () => {
    const sources = STARTER_TRANSPILED.map(([source]) => source);
    expect(sources).toEqual([...STARTER_TOOLS.map((tool) => tool.source), STARTER_HOOKS]);
  });

  it('transpiles the starter modules without sucrase; an edited source still needs it', () => {
    addPrecompiled(STARTER_TRANSPILED);
    for (const [source] of STARTER_TRANSPILED) {
      expect(needsTranspiler(source)).toBe(false);
      expect(transpileToolModule(source).ok).toBe(true);
    }
    expect(needsTranspiler(`${STARTER_TOOLS[0].source}\n// edited`)).toBe(true);
  });

  it('evaluates the starter tools, and an edit made right after (before sucrase is here) waits for it and works', async () => {
    addPrecompiled(STARTER_TRANSPILED);
    const sandbox = testSandbox();
    try {
      const files = STARTER_TOOLS.map((tool) => tsFile(tool.id, tool.source));
      const first = await sandbox.evaluate(files);
      expect(first.diagnostics).toEqual([]);
      expect(first.tools.map((t) => t.name)).toEqual(STARTER_TOOLS.map((tool) => tool.name));
      const edited = files.map((f, i) => (i === 0 ? { ...f, source: f.source.replace('name: "get_weather"', 'name: "get_forecast"') } : f));
      const second = await sandbox.evaluate(edited);
      expect(second.diagnostics).toEqual([]);
      expect(second.tools[0].name).toBe('get_forecast');
    } finally {
      sandbox.dispose();
    }
  });

  it('is what sucrase makes in the app: the same code and source map', async () => {
    await loadTranspiler();
    const { transform } = await import('sucrase');
    for (const [source, module] of STARTER_TRANSPILED) {
      const out = transform(source, TRANSPILE_OPTIONS);
      expect(module).toEqual({ code: out.code, mappings: out.sourceMap?.mappings });
    }
  });
});
