// Which tool the welcome's "Try a tool schema" opens, and where: a TypeScript starter tool (get_weather when the
// workspace still has it), at the line that declares its parameters, so the learner starts where the schema is.
import type { ToolFile } from '../../storage/workspace.ts';

export interface StarterTarget { id: string; line: number; column: number }

export function starterToolTarget(tools: readonly ToolFile[]): StarterTarget | null {
  const typescript = tools.filter((tool) => tool.kind !== 'json-schema');
  const tool = typescript.find((t) => t.name === 'get_weather') ?? typescript[0] ?? tools[0];
  if (!tool) return null;
  const lines = tool.source.split('\n');
  const index = lines.findIndex((line) => /\bparameters\b/.test(line));
  if (index < 0) return { id: tool.id, line: 1, column: 1 };
  return { id: tool.id, line: index + 1, column: lines[index].search(/\S/) + 1 };
}
