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

export interface ExampleWorkspace {
  tools: ExampleToolFile[];
  hooks: string;
  settings: { toolExecution: 'parallel' | 'sequential'; systemPrompt: string };
}
