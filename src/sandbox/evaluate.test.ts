// Evaluating tool modules written as pi users write them: every export shape, every import path pi code uses,
// schemas that validate on the host exactly as in pi, cached results for unchanged files, and the starter files.
import { describe, expect, it } from 'vitest';
import { validateToolArguments } from '../ai/validation/index.ts';
import { createJsonSchemaSource, createToolSource, STARTER_HOOKS, STARTER_TOOLS } from '../content/examples/index.ts';
import { PREPARE_ARGUMENTS_ASYNC, type PrepareArgumentsAsync } from '../engine/index.ts';
import type { AgentTool } from '../engine/index.ts';
import { testSandbox, text, tsFile } from './testing/helpers.ts';

const tool = (name: string, params = 'Type.Object({})') =>
  `{ name: "${name}", label: "${name}", description: "${name} tool", parameters: ${params}, async execute() { return { content: [{ type: "text", text: "${name}" }], details: {} }; } }`;

describe('tool module shapes', () => {
  it('finds tools in every shape pi code exports them', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([
      tsFile('named', `import { Type } from "typebox";\nexport const myTool = ${tool('named_export')};\nexport const helper = 42;`),
      tsFile('default', `import { Type } from "@sinclair/typebox";\nexport default ${tool('default_export')};`),
      tsFile('array', `import { StringEnum, Type } from "@earendil-works/pi-ai";\nconst a = ${tool('array_a')};\nconst b = ${tool('array_b', 'Type.Object({ unit: StringEnum(["c", "f"]) })')};\nexport default [a, b];`),
      tsFile('list', `import type { AgentTool } from "@earendil-works/pi-agent-core";\nimport Type from "typebox";\nexport const tools: AgentTool[] = [${tool('list_a')}];`),
      tsFile('shared', `import * as TB from "typebox";\nconst Type = TB.Type;\nexport const one = ${tool('shared_once')};\nexport default [one];`),
      tsFile('extension', `import { Type } from "typebox";\nimport { defineTool } from "@earendil-works/pi-coding-agent";\nexport default function (pi) {\n  pi.on("session_start", () => {});\n  pi.registerTool(defineTool(${tool('from_extension')}));\n}`),
      tsFile('globals', `interface Options { n: number }\nenum Mode { A = "a" }\nconst wait = await Promise.resolve(1);\nexport default ${tool('uses_globals', 'Type.Object({ mode: StringEnum([Mode.A]) }) satisfies object')};`),
    ]);
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.tools.map((t) => `${t.fileId}:${t.name}`)).toEqual([
      'named:named_export', 'default:default_export', 'array:array_a', 'array:array_b', 'list:list_a',
      'shared:shared_once', 'extension:from_extension', 'globals:uses_globals',
    ]);
    const tools = sandbox.agentTools(evaluation);
    expect(await Promise.all(tools.map(async (t) => text(await t.execute('c', {}))))).toEqual(evaluation.tools.map((t) => t.name));
    expect(evaluation.tools[3].parameters).toEqual({ type: 'object', properties: { unit: { type: 'string', enum: ['c', 'f'] } }, required: ['unit'] });
  });

  it('reports each tool\'s optional parts as pi would read them', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([tsFile('t', `export default {
  name: "deploy", label: "Deploy", description: "d",
  parameters: Type.Object({ env: Type.String() }),
  executionMode: "sequential",
  constrainedSampling: { type: "json_schema", strict: "prefer" },
  prepareArguments(args) { return args; },
  async execute() { return { content: [], details: {} }; },
};`)]);
    const [evaluated] = evaluation.tools;
    expect(evaluated).toMatchObject({
      name: 'deploy', label: 'Deploy', executionMode: 'sequential', constrainedSampling: { type: 'json_schema', strict: 'prefer' },
      hasExecute: true, hasPrepareArguments: true, sourceRange: { line: 2, column: 3 },
    });
    const [agentTool] = sandbox.agentTools(evaluation);
    expect(agentTool).toMatchObject({ name: 'deploy', label: 'Deploy', description: 'd', executionMode: 'sequential' });
    expect(typeof (agentTool as AgentTool & { [PREPARE_ARGUMENTS_ASYNC]?: unknown })[PREPARE_ARGUMENTS_ASYNC]).toBe('function');
  });
});

describe('schemas from the sandbox', () => {
  it('carry TypeBox\'s hidden keys, so host validation converts as pi does ({count:"4.9"} becomes 4)', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([tsFile('t', `export default ${tool('count', 'Type.Object({ count: Type.Integer({ minimum: 1 }), flag: Type.Optional(Type.Boolean()) })')};`)]);
    const [agentTool] = sandbox.agentTools(evaluation);
    const count = (agentTool.parameters as unknown as { properties: { count: object } }).properties.count;
    expect(Object.getOwnPropertyDescriptor(count, '~kind')).toEqual({ value: 'Integer', enumerable: false, writable: true, configurable: true });
    expect(validateToolArguments(agentTool, { type: 'toolCall', id: 'c', name: 'count', arguments: { count: '4.9', flag: 'TRUE' } }))
      .toEqual({ count: 4, flag: true });
    expect(() => validateToolArguments(agentTool, { type: 'toolCall', id: 'c', name: 'count', arguments: { count: '0' } }))
      .toThrow('Validation failed for tool "count":\n  - count: must be >= 1');
  });
});

describe('caching', () => {
  const twenty = `import { Type } from "typebox";
// revision: REV
export default {
  name: "big", label: "Big", description: "A tool with twenty properties",
  parameters: Type.Object({
${Array.from({ length: 20 }, (_, i) => `    p${i}: Type.${['String', 'Integer', 'Number', 'Boolean'][i % 4]}({ description: "property ${i}" }),`).join('\n')}
  }),
  async execute() { return { content: [], details: {} }; },
};
`;

  it('does not evaluate unchanged files again and keeps their tool objects', async () => {
    const sandbox = testSandbox();
    // Each evaluation of file b runs its top level once in the worker; its tool reports how often that happened.
    const counted = `globalThis.evaluations = (globalThis.evaluations ?? 0) + 1;
export default { name: "other", label: "other", description: "d", parameters: Type.Object({}),
  async execute() { return { content: [{ type: "text", text: String(globalThis.evaluations) }], details: {} }; } };`;
    const files = [tsFile('a', twenty.replace('REV', '1')), tsFile('b', counted)];
    const first = await sandbox.evaluate(files);
    const second = await sandbox.evaluate(files.map((f) => ({ ...f })));
    expect(second.tools[0]).toBe(first.tools[0]);
    expect(second.tools[1]).toBe(first.tools[1]);
    const third = await sandbox.evaluate([tsFile('a', twenty.replace('REV', '2')), files[1]]);
    expect(third.tools[0]).not.toBe(first.tools[0]);
    expect(third.tools[1]).toBe(first.tools[1]);
    const other = sandbox.agentTools(third).find((t) => t.name === 'other')!;
    expect(text(await other.execute('c', {}))).toBe('1');
  });

  it('evaluates every edit of a 20-property tool to its new schema', async () => {
    // How fast this is (well under a frame at p95) is measured by `npm run bench -- editor`, not asserted here.
    const sandbox = testSandbox();
    for (let i = 0; i < 5; i++) {
      const evaluation = await sandbox.evaluate([tsFile('a', twenty.replace('REV', `edit ${i}`).replace('property 19', `property 19, edit ${i}`))]);
      const properties = (evaluation.tools[0].parameters as { properties: Record<string, { description: string }> }).properties;
      expect(Object.keys(properties)).toHaveLength(20);
      expect(properties.p19.description).toBe(`property 19, edit ${i}`);
    }
  });
});

describe('the starter files', () => {
  it('evaluate without a single diagnostic, with their hooks and prepareArguments', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([
      ...STARTER_TOOLS.map((t) => ({ id: t.id, kind: t.kind, source: t.source, name: `${t.name}.ts` })),
      tsFile('new-tool', createToolSource('new_tool')),
      { id: 'mcp', kind: 'json-schema' as const, source: createJsonSchemaSource('lookup'), name: 'lookup.json' },
      tsFile('hooks', STARTER_HOOKS, { role: 'hooks' }),
    ]);
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.tools.map((t) => t.name)).toEqual([...STARTER_TOOLS.map((t) => t.name), 'new_tool', 'lookup']);
    expect(evaluation.hooks).toEqual({ beforeToolCall: { fileId: 'hooks' }, afterToolCall: { fileId: 'hooks' } });
    const listDir = sandbox.agentTools(evaluation).find((t) => t.name === 'list_dir') as AgentTool & { [PREPARE_ARGUMENTS_ASYNC]: PrepareArgumentsAsync };
    expect(await listDir[PREPARE_ARGUMENTS_ASYNC]({ dir: 'src' })).toEqual({ value: { path: 'src' } });
  });
});
