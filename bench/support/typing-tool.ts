// The tool the typing benchmarks edit: twenty parameters, and a description the benchmark types into, between
// TYPING_TOOL_PREFIX and TYPING_TOOL_SUFFIX.

const PROPERTIES = Array.from({ length: 20 }, (_, i) => {
  const n = i + 1;
  const kind = ['String', 'Number', 'Integer', 'Boolean'][i % 4];
  return `    p${n}: Type.Optional(Type.${kind}({ description: "Property number ${n}" })),`;
});
export const TYPING_TOOL_PREFIX = `import { Type } from "@earendil-works/pi-ai";

export default {
  name: "bench_tool",
  label: "Bench",
  description: "A tool with twenty parameters.",
  async execute(_id, params) {
    return { content: [{ type: "text", text: JSON.stringify(params) }], details: {} };
  },
  parameters: Type.Object({
${PROPERTIES.join('\n')}
    typed: Type.String({ description: "typed:`;
export const TYPING_TOOL_SUFFIX = `" }),
  }),
};
`;
