// Shapes of the example material: tool files as source text plus the agent settings around them. Plain data,
// so the app's workspace, lessons and tests can all start from the same examples.

export interface ExampleToolFile {
  /** Stable id, so "reset to examples" and lessons can refer to a file. */
  id: string;
  /** The tool's name, as its source declares it. */
  name: string;
  kind: 'typescript' | 'json-schema';
  source: string;
}

// A type, not an interface: it then fits the workspace document (portable's Workspace, open to further keys)
// without content depending on portable.
export type ExampleWorkspace = {
  tools: ExampleToolFile[];
  hooks: string;
  settings: { toolExecution: 'parallel' | 'sequential'; systemPrompt: string };
};
