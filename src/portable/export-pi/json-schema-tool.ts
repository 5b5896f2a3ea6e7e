// A JSON Schema tool file (an MCP tools/list entry, a list of them, or a bare parameters schema named after its
// file) as a TypeScript module for pi. Such a tool has no code in the playground, so the exported execute fails
// with the playground's message: a run through pi then shows the same error results.
import { isRecord } from '../workspace-shape.ts';

interface SchemaTool { name: string; description: string; label?: string; parameters: unknown }

function toolsOf(source: string, fileName: string): SchemaTool[] | null {
  let root: unknown;
  try {
    root = JSON.parse(source);
  } catch {
    return null;
  }
  const fromEntry = (entry: unknown): SchemaTool[] => {
    if (!isRecord(entry) || typeof entry.name !== 'string' || entry.name === '' || !isRecord(entry.inputSchema)) return [];
    const annotations = isRecord(entry.annotations) ? entry.annotations : {};
    const label = entry.title ?? annotations.title;
    return [{
      name: entry.name,
      description: typeof entry.description === 'string' ? entry.description : '',
      ...(typeof label === 'string' ? { label } : {}),
      parameters: entry.inputSchema,
    }];
  };
  if (Array.isArray(root)) return root.flatMap(fromEntry);
  if (isRecord(root) && Array.isArray(root.tools)) return root.tools.flatMap(fromEntry);
  if (isRecord(root) && ('inputSchema' in root || (typeof root.name === 'string' && !('type' in root) && !('properties' in root)))) {
    return fromEntry(root);
  }
  const name = fileName.replace(/\.(json|schema\.json)$/i, '');
  if (!name || !isRecord(root)) return [];
  return [{ name, description: typeof root.description === 'string' ? root.description : '', parameters: root }];
}

export function createJsonSchemaToolModule(source: string, fileName: string): string {
  const tools = toolsOf(source, fileName);
  const header = `// Declared as JSON Schema in the pi tool playground (as an MCP server lists its tools). There is no code behind
// it, so calling it fails with the playground's message, as it does there.
import type { AgentTool } from "@earendil-works/pi-agent-core";
`;
  if (tools === null) return `${header}\n// The playground could not read this file as JSON, so it declared no tools.\nexport {};\n`;
  if (tools.length === 0) return `${header}\n// This file declares no tools.\nexport {};\n`;
  const objects = tools.map((tool) => `{
  name: ${JSON.stringify(tool.name)},
  label: ${JSON.stringify(tool.label ?? tool.name)},
  description: ${JSON.stringify(tool.description)},
  parameters: ${JSON.stringify(tool.parameters, null, 2).split('\n').join('\n  ')} as AgentTool<any>["parameters"],
  async execute() {
    throw new Error(${JSON.stringify(`Tool "${tool.name}" has no execute function`)});
  },
}`);
  if (objects.length === 1) return `${header}\nconst tool: AgentTool<any> = ${objects[0]};\n\nexport default tool;\n`;
  return `${header}\nconst tools: AgentTool<any>[] = [\n${objects.join(',\n')},\n];\n\nexport default tools;\n`;
}
