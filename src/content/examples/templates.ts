// Source text for a new tool: a pi-style TypeBox tool, or a raw JSON Schema as an MCP server lists its tools.
// The playground adds these when someone presses "New tool".

export function createToolSource(name: string): string {
  return `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";

const parameters = Type.Object({
  query: Type.String({ description: "What to look up" }),
});

const tool: AgentTool<typeof parameters> = {
  name: ${JSON.stringify(name)},
  label: "New tool",
  description: "Describe what this tool does and when the model should call it.",
  parameters,
  async execute(_toolCallId, { query }) {
    return { content: [{ type: "text", text: \`You asked: \${query}\` }], details: {} };
  },
};

export default tool;
`;
}

/** An MCP `tools/list` entry: name, description and inputSchema (plain JSON Schema). */
export function createJsonSchemaSource(name: string): string {
  return `${JSON.stringify(
    {
      name,
      description: 'Describe what this tool does and when the model should call it.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look up' } },
        required: ['query'],
      },
    },
    null,
    2,
  )}\n`;
}
