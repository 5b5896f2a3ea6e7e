import { describe, expect, it } from 'vitest';
import { STARTER_TOOLS } from '../content/examples/index.ts';
import { summarizeToolSource } from './source-summary.ts';

describe('what a tool file declares, read without running it', () => {
  it('names every starter tool with its label and its whole description', () => {
    for (const tool of STARTER_TOOLS) {
      const [declared, ...rest] = summarizeToolSource(tool.kind, tool.source);
      expect(rest).toEqual([]);
      expect(declared.name).toBe(tool.name);
      expect(declared.label).toMatch(/\w/);
      expect(declared.description?.length).toBeGreaterThan(40);
    }
    const weather = summarizeToolSource('typescript', STARTER_TOOLS[0].source)[0];
    expect(weather.description).toBe('Get the current weather for one city: temperature and a short description of the conditions. Call it once per city; it does not give forecasts.');
  });

  it('finds several tools, registerTool calls, and leaves out descriptions computed at run time', () => {
    const source = `
      const a = { name: "alpha", description: 'Says "a".', parameters: Type.Object({ x: Type.String({ description: "not a tool" }) }), execute };
      export default function (pi) {
        pi.registerTool({ name: \`beta\`, label: "B", description: \`Beta \${1 + 1}\`, parameters: {}, async execute() { return /}/.test("x") ? 1 : 2; } });
      }
      // { name: "commented", description: "no" }
      const text = "{ name: 'in a string', description: 'no' }";
      export const tools = [a];`;
    expect(summarizeToolSource('typescript', source)).toEqual([
      { name: 'alpha', description: 'Says "a".' },
      { name: 'beta', label: 'B' },
    ]);
  });

  it('reads JSON Schema files as the app does: MCP entries, lists, or a bare schema named after its file', () => {
    expect(summarizeToolSource('json-schema', '{"name":"lookup","title":"Look up","description":"Find.","inputSchema":{}}')).toEqual([
      { name: 'lookup', label: 'Look up', description: 'Find.' },
    ]);
    expect(summarizeToolSource('json-schema', '{"tools":[{"name":"a"},{"name":"b","description":"B"}]}')).toEqual([{ name: 'a' }, { name: 'b', description: 'B' }]);
    expect(summarizeToolSource('json-schema', '{"type":"object","description":"Bare"}', 'search.json')).toEqual([{ name: 'search', description: 'Bare' }]);
    expect(summarizeToolSource('json-schema', '{ broken')).toEqual([]);
  });
});
