// A small project for the starter file tools to explore (read_file, list_dir), put into an empty virtual
// filesystem on first start. Paths are relative to the workspace root.

export const STARTER_FILES: Readonly<Record<string, string>> = {
  'README.md': `# Weather dashboard

A tiny example project for the pi tool playground. Ask the agent to read files here,
list directories, or look up the weather for the cities in \`notes/cities.md\`.
`,
  'notes/cities.md': `# Cities to check

- Paris
- Lisbon
- Portland, US
`,
  'notes/todo.md': `# To do

1. Deploy v1.4.2 to staging
2. Check the staging dashboard
3. Deploy v1.4.2 to production (needs approval)
`,
  'src/forecast.ts': `export function describe(celsius: number): string {
  if (celsius < 5) return "cold";
  if (celsius < 18) return "mild";
  return "warm";
}
`,
};
