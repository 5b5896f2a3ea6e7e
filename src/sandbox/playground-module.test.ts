// The `playground` module as the sandbox really provides it matches its description in playground-module.ts,
// which the editor's completion, hover, member check and Reference are built from: same exports, same `fs`
// operations, each a function (or a namespace), as an import and as the globals of the same names.
import { describe, expect, it } from 'vitest';
import { PLAYGROUND_EXPORTS, PLAYGROUND_FS_OPERATIONS, playgroundMember } from './playground-module.ts';
import { testSandbox, text, toolSource, tsFile } from './testing/helpers.ts';

/** `name:type` for each own key, nested one level for objects: the shape user code can see. */
const SHAPE = `
    const shape = (value) => Object.keys(value).filter((k) => k !== "__esModule" && k !== "default").sort()
      .map((k) => k + ":" + (typeof value[k] === "object" ? "{" + Object.keys(value[k]).sort().map((m) => m + ":" + typeof value[k][m]).join(",") + "}" : typeof value[k]))
      .join(";");`;

async function run(body: string): Promise<string> {
  const sandbox = testSandbox();
  const evaluation = await sandbox.evaluate([tsFile('t', toolSource('t', `${SHAPE}\n    ${body}`))]);
  expect(evaluation.diagnostics).toEqual([]);
  return text(await sandbox.agentTools(evaluation)[0].execute('c', {}));
}

const described = [...PLAYGROUND_EXPORTS].sort((a, b) => a.name.localeCompare(b.name))
  .map((e) => `${e.name}:${e.members ? `{${[...e.members].map((m) => `${m.name}:function`).sort().join(',')}}` : 'function'}`)
  .join(';');

describe('the playground module', () => {
  it('exports exactly what its description lists, as an import', async () => {
    const real = await run('const pg = await import("playground");\n    return { content: [{ type: "text", text: shape(pg) }], details: {} };');
    expect(real).toBe(described);
    expect(real).toBe('fs:{list:function,readFile:function,remove:function,stat:function,writeFile:function};sleep:function');
  });

  it('provides the same names as globals, without an import', async () => {
    const names = PLAYGROUND_EXPORTS.map((e) => e.name);
    const real = await run(`return { content: [{ type: "text", text: shape({ ${names.map((n) => `${n}: globalThis.${n}`).join(', ')} }) }], details: {} };`);
    expect(real).toBe(described);
  });

  it('finds members by path, and nothing that is not there', () => {
    expect(PLAYGROUND_FS_OPERATIONS.map((op) => playgroundMember(`fs.${op}`)?.name)).toEqual([...PLAYGROUND_FS_OPERATIONS]);
    expect(playgroundMember('sleep')?.signature).toContain('ms: number');
    expect(playgroundMember('fs.exists')).toBeUndefined();
    expect(playgroundMember('foo')).toBeUndefined();
    expect(playgroundMember('fs.readFile.x')).toBeUndefined();
  });
});
