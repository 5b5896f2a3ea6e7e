// Problems in tool files, reported at 1-based lines and columns of the user's own source: syntax errors
// (sucrase's or the engine's), evaluation errors (stack positions mapped back through transpilation), contract
// problems and schema problems, in TypeScript files and in pasted JSON Schema.
import { describe, expect, it } from 'vitest';
import type { Diagnostic, SourceFile } from './types.ts';
import { testSandbox, tsFile } from './testing/helpers.ts';

const brief = (d: Diagnostic) => `${d.fileId}:${d.line}:${d.column} ${d.severity} ${d.kind}: ${d.message}`;

async function diagnose(...files: SourceFile[]): Promise<string[]> {
  const sandbox = testSandbox();
  return (await sandbox.evaluate(files)).diagnostics.map(brief);
}

describe('syntax and evaluation diagnostics', () => {
  it('places a syntax error sucrase finds', async () => {
    expect(await diagnose(tsFile('a', 'import { Type } from "typebox";\nexport default {\n  name: "x",\n  parameters: Type.Object({ a: Type.String( }),\n};\n'))).toEqual([
      'a:4:45 error syntax: Unexpected token',
    ]);
  });

  it('places a syntax error only the engine finds, with the engine\'s message', async () => {
    expect(await diagnose(tsFile('a', 'const a = {\n  b: 1,,\n};\nexport default a;\n'))).toEqual([
      "a:2:8 error syntax: SyntaxError: Unexpected token ','",
    ]);
  });

  it('maps an evaluation error back through the transpiled code to the original line and column', async () => {
    // Type annotations and `as` are removed by transpilation, which moves `missing` left on its line.
    expect(await diagnose(tsFile('a', 'import { Type } from "typebox";\n\nconst x: Record<string, number> = missing as never;\nexport default {};\n'))).toEqual([
      'a:3:35 error evaluation: ReferenceError: missing is not defined',
    ]);
  });

  it('explains an import the playground does not provide, at the import', async () => {
    // (An import that is never used is dropped, as TypeScript drops it, so this one is used.)
    expect(await diagnose(tsFile('a', 'import { Type } from "typebox";\nimport chunk from "lodash/chunk";\nexport default chunk;\n'))).toEqual([
      'a:2:1 error evaluation: Error: Cannot find module "lodash/chunk". Tool code can import: typebox, @sinclair/typebox, @earendil-works/pi-ai, @earendil-works/pi-ai/compat, @earendil-works/pi-agent-core, @earendil-works/pi-coding-agent, playground',
    ]);
    expect(await diagnose(tsFile('b', 'import { complete } from "@earendil-works/pi-ai";\n\nconst reply = complete();\nexport default {};\n'))).toEqual([
      'b:3:15 error evaluation: Error: "complete" is not available from "@earendil-works/pi-ai" in the playground (it provides: Type, StringEnum, fauxAssistantMessage, fauxText, fauxThinking, fauxToolCall)',
    ]);
  });

  it('reports what a thrown non-Error looked like', async () => {
    expect(await diagnose(tsFile('a', 'throw "not ready";\n'))).toEqual(['a:1:1 error evaluation: Uncaught not ready']);
  });
});

describe('contract diagnostics', () => {
  const CONTRACT = `import { Type } from "typebox";

export const tools = [
  {
    label: "No name",
    description: "d",
    parameters: Type.Object({}),
    async execute() { return { content: [], details: {} }; },
  },
  {
    name: "no_description",
    label: "x",
    parameters: Type.Object({}),
    async execute() { return { content: [], details: {} }; },
  },
  {
    name: "no_parameters",
    label: "x",
    description: "d",
    async execute() { return { content: [], details: {} }; },
  },
  {
    name: "no_execute",
    label: "x",
    description: "d",
    parameters: Type.Object({}),
    executionMode: "serial",
  },
];
`;

  it('names each missing or malformed field at the tool or the field', async () => {
    expect(await diagnose(tsFile('c', CONTRACT))).toEqual([
      'c:3:1 error contract: The tool from export tools[0] has no name: "name" must be a non-empty string, got nothing',
      'c:11:5 error contract: Tool "no_description" has no description; the model reads it to decide when to call the tool',
      'c:17:5 error contract: Tool "no_parameters" has no parameters schema',
      'c:23:5 error contract: Tool "no_execute" has no execute function',
      'c:27:5 error contract: Tool "no_execute": "executionMode" must be "sequential" or "parallel", got the string "serial"',
    ]);
  });

  it('points at the property inside parameters that is not valid JSON Schema', async () => {
    const source = `const parameters = {
  type: "object",
  properties: {
    query: { type: "string" },
    count: { type: "int" },
  },
};

export default {
  name: "search",
  label: "Search",
  description: "Search the notes",
  parameters,
  async execute() { return { content: [], details: {} }; },
};
`;
    expect(await diagnose(tsFile('s', source))).toEqual([
      's:5:5 error schema: Tool "search": parameters.properties.count.type: Unknown type "int"; expected one of string, number, integer, boolean, object, array, null',
    ]);
    expect(await diagnose(tsFile('p', 'export default {\n  name: "p", label: "p", description: "d",\n  parameters: "object",\n  execute() {},\n};\n'))).toEqual([
      'p:3:3 error contract: Tool "p": "parameters" must be a JSON Schema object, got the string "object"',
    ]);
  });

  it('reports a tool name used twice, across files, at the second one', async () => {
    const tool = (label: string) => `import { Type } from "typebox";\nexport default {\n  name: "lookup", label: "${label}", description: "d",\n  parameters: Type.Object({}),\n  async execute() { return { content: [], details: {} }; },\n};\n`;
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([tsFile('one', tool('first')), tsFile('two', tool('second'))]);
    expect(evaluation.diagnostics.map(brief)).toEqual([
      'two:3:3 error contract: Duplicate tool name "lookup": already defined in one.ts (line 3). pi calls the first tool with a name, so this one is left out',
    ]);
    expect(evaluation.tools.map((t) => [t.fileId, t.label])).toEqual([['one', 'first']]);
  });

  it('warns about a file without tools and a missing label', async () => {
    expect(await diagnose(tsFile('e', 'export const answer = 42;\n'))).toEqual([
      'e:1:1 warning contract: This file exports no tools. Export a tool object (export default { name, description, parameters, execute }) or an array of them',
    ]);
    expect(await diagnose(tsFile('l', 'export default { name: "nolabel", description: "d", parameters: { type: "object" }, execute() {} };\n'))).toEqual([
      'l:1:18 warning contract: Tool "nolabel" has no label; pi\'s AgentTool requires one (it is shown in UIs, never sent to the model)',
    ]);
  });

  it('checks hooks files: what they export and that each hook comes from one file', async () => {
    const hooks = (id: string, source: string): SourceFile => tsFile(id, source, { role: 'hooks' });
    expect(await diagnose(hooks('h0', 'export const other = 1;\n'))).toEqual([
      'h0:1:1 warning contract: This hooks file exports neither beforeToolCall nor afterToolCall',
    ]);
    expect(await diagnose(hooks('h1', '\nexport const beforeToolCall = 5;\n'))).toEqual([
      'h1:2:1 error contract: beforeToolCall must be a function, got a number',
    ]);
    expect(await diagnose(
      hooks('h2', 'export async function beforeToolCall() { return undefined; }\n'),
      hooks('h3', '// second\nexport function beforeToolCall() {}\n'),
    )).toEqual(['h3:2:1 error contract: beforeToolCall is already exported by h2.ts; only the first one is used']);
  });
});

describe('JSON Schema files', () => {
  const json = (id: string, source: string, name = `${id}.json`): SourceFile => ({ id, kind: 'json-schema', source, name });

  it('accepts an MCP tool, a tools/list reply and a bare schema named after its file', async () => {
    const sandbox = testSandbox();
    const evaluation = await sandbox.evaluate([
      json('mcp', JSON.stringify({ name: 'lookup', description: 'Look up', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] } }, null, 2)),
      json('list', JSON.stringify({ tools: [{ name: 'a', description: 'A', inputSchema: { type: 'object' } }, { name: 'b', title: 'Bee', description: 'B', inputSchema: { type: 'object' } }] })),
      json('bare', JSON.stringify({ type: 'object', description: 'Bare tool', properties: {} }), 'get_time.json'),
    ]);
    expect(evaluation.diagnostics).toEqual([]);
    expect(evaluation.tools.map((t) => [t.name, t.description, t.label, t.hasExecute])).toEqual([
      ['lookup', 'Look up', undefined, false], ['a', 'A', undefined, false], ['b', 'B', 'Bee', false], ['get_time', 'Bare tool', undefined, false],
    ]);
    expect(evaluation.tools[0].parameters).toEqual({ type: 'object', properties: { q: { type: 'string' } }, required: ['q'] });
    expect(evaluation.tools[0].sourceRange).toEqual({ line: 1, column: 1 });
  });

  it('reports JSON syntax errors and schema problems at their line and column', async () => {
    expect(await diagnose(json('j', '{\n  "name": "lookup",\n  "inputSchema": { "type": "object", }\n}'))).toEqual([
      'j:3:38 error syntax: Expected a property name in double quotes but found character "}" (trailing commas are not allowed in JSON)',
    ]);
    const schema = '{\n  "name": "lookup",\n  "description": "d",\n  "inputSchema": {\n    "type": "object",\n    "properties": {\n      "q": { "type": "strin" }\n    }\n  }\n}';
    expect(await diagnose(json('k', schema))).toEqual([
      'k:7:14 error schema: Tool "lookup": inputSchema.properties.q.type: Unknown type "strin"; expected one of string, number, integer, boolean, object, array, null',
    ]);
    expect(await diagnose(json('m', '{ "name": "x", "description": "d" }'))).toEqual([
      'm:1:1 error contract: Tool "x" has no inputSchema',
    ]);
  });
});
