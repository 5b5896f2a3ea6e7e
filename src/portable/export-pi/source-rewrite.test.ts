import { describe, expect, it } from 'vitest';
import { DEPLOY, ECHO, READ_FILE } from '../../content/examples/index.ts';
import { rewriteToolSource } from './source-rewrite.ts';

describe('tool sources rewritten for the real pi', () => {
  it('points imports from "playground" at the Node helpers and keeps everything else as written', () => {
    const { source, uses } = rewriteToolSource(READ_FILE.source, { module: '../playground-runtime.ts' });
    expect(uses).toEqual({ sleep: false, fs: true });
    expect(source).toContain('import { fs } from "../playground-runtime.ts";');
    expect(source).not.toContain('"playground"');
    expect(source.replace('import { fs } from "../playground-runtime.ts";', 'import { fs } from "playground";')).toBe(READ_FILE.source);
  });

  it('leaves a file without playground helpers unchanged', () => {
    expect(rewriteToolSource(ECHO.source, { module: './x.ts' })).toEqual({ source: ECHO.source, uses: { sleep: false, fs: false } });
  });

  it('adds the imports a pi project needs for the globals the playground provides', () => {
    const source = 'const p = Type.Object({ unit: StringEnum(["a"]) });\nexport default { name: "t", description: "d", parameters: p, async execute() { await sleep(5); return { content: [], details: { fs: 1 } }; } };\n';
    const out = rewriteToolSource(source, { module: './rt.ts' });
    expect(out.source.split('\n').slice(0, 2)).toEqual([
      'import { StringEnum, Type } from "@earendil-works/pi-ai";',
      'import { sleep } from "./rt.ts";',
    ]);
    expect(out.uses).toEqual({ sleep: true, fs: false });
  });

  it('does not import names the file declares itself, uses only as properties, or mentions in strings and comments', () => {
    const source = 'const sleep = (ms) => new Promise((r) => setTimeout(r, ms));\n// fs is not used\nconst s = "Type fs";\nobj.fs.readFile(x);\nawait sleep(1);\n';
    expect(rewriteToolSource(source, { module: './rt.ts' })).toEqual({ source, uses: { sleep: false, fs: false } });
  });

  it('pastes working helpers into a single file, keeping aliases', () => {
    const source = DEPLOY.source.replace('import { sleep } from "playground";', 'import { sleep as wait, fs } from "playground";').replace('await sleep(400, signal);', 'await wait(400, signal);');
    const out = rewriteToolSource(source, 'inline');
    expect(out.uses).toEqual({ sleep: true, fs: true });
    expect(out.source).toContain('function sleep(ms: number, signal?: AbortSignal)');
    expect(out.source).toContain('const fs = {');
    expect(out.source).toContain('const wait = sleep;');
    expect(out.source).toContain('import * as nodeFs from "node:fs/promises";');
    expect(out.source).not.toMatch(/from "playground"/);
  });
});
