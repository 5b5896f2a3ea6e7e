// Starter tools on the playground's virtual filesystem: read_file and list_dir. list_dir shows two things pi
// users do: a description that states the path rules, and prepareArguments to accept an older argument shape.
import type { ExampleToolFile } from './types.ts';

export const READ_FILE: ExampleToolFile = {
  id: 'example-read-file',
  name: 'read_file',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { fs } from "playground";

const parameters = Type.Object({
  path: Type.String({ description: 'Path of the file, relative to the workspace root, e.g. "notes/todo.md"' }),
  offset: Type.Optional(Type.Integer({ minimum: 1, description: "Line number to start reading from (1-based)" })),
  limit: Type.Optional(Type.Integer({ minimum: 1, description: "Maximum number of lines to read" })),
});

const readFileTool: AgentTool<typeof parameters> = {
  name: "read_file",
  label: "Read file",
  description:
    "Read a text file from the workspace. Returns the file's lines; use offset and limit to page through " +
    "long files instead of reading them whole.",
  parameters,
  async execute(_toolCallId, { path, offset = 1, limit }) {
    const text = await fs.readFile(path); // throws if the file does not exist
    const lines = text.split("\\n");
    const end = limit === undefined ? lines.length : offset - 1 + limit;
    const slice = lines.slice(offset - 1, end);
    const more = end < lines.length ? \`\\n\\n[\${lines.length - end} more lines; continue with offset=\${end + 1}]\` : "";
    return {
      content: [{ type: "text", text: slice.join("\\n") + more }],
      details: { path, totalLines: lines.length, shown: slice.length },
    };
  },
};

export default readFileTool;
`,
};

export const LIST_DIR: ExampleToolFile = {
  id: 'example-list-dir',
  name: 'list_dir',
  kind: 'typescript',
  source: `import { Type } from "@earendil-works/pi-ai";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { fs } from "playground";

const parameters = Type.Object({
  path: Type.String({
    description: 'Directory to list, RELATIVE to the workspace root: "." for the root, "src" or "docs/api". ' +
      "Absolute paths (starting with /) are rejected.",
  }),
});

const listDirTool: AgentTool<typeof parameters> = {
  name: "list_dir",
  label: "List directory",
  description:
    "List the files and folders in a workspace directory, folders first, each folder ending in /. " +
    "Always pass a path relative to the workspace root; never an absolute path.",
  parameters,
  // Models trained on an older version of this tool still send { dir }; accept it before validation.
  prepareArguments(args) {
    const raw = args as { dir?: unknown; path?: unknown };
    if (raw && typeof raw === "object" && raw.path === undefined && typeof raw.dir === "string") {
      return { path: raw.dir };
    }
    return args as { path: string };
  },
  async execute(_toolCallId, { path }) {
    if (path.startsWith("/")) {
      throw new Error(\`Absolute paths are not allowed: "\${path}". Use a path relative to the workspace root, e.g. "src".\`);
    }
    const entries = await fs.list(path); // throws if the directory does not exist
    const sorted = [...entries].sort((a, b) =>
      a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === "directory" ? -1 : 1,
    );
    const lines = sorted.map((e) => (e.kind === "directory" ? e.name + "/" : e.name));
    return {
      content: [{ type: "text", text: lines.length > 0 ? lines.join("\\n") : "(empty directory)" }],
      details: { path, count: lines.length },
    };
  },
};

export default listDirTool;
`,
};
