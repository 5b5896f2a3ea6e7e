// The starter hooks file and loop settings: a beforeToolCall that guards production deploys and an
// afterToolCall that shows how to rewrite a result, both as a pi user would write them.

export const STARTER_HOOKS = `import type { AfterToolCallContext, BeforeToolCallContext } from "@earendil-works/pi-agent-core";

// Runs after the arguments are validated and before execute.
// Return { block: true, reason } to stop the call; the reason becomes the tool result the model sees.
export async function beforeToolCall({ toolCall, args }: BeforeToolCallContext) {
  const { environment } = args as { environment?: string };
  if (toolCall.name === "deploy" && environment === "production") {
    return { block: true, reason: "Deploying to production needs approval. Ask the user to confirm first." };
  }
  return undefined;
}

// Runs after execute, also when it threw (isError is then true).
// Return content, details, isError or terminate to replace those fields of the result.
export async function afterToolCall({ toolCall, isError }: AfterToolCallContext) {
  if (isError && toolCall.name === "read_file") {
    return { content: [{ type: "text", text: "File not found. Call list_dir to see which files exist." }] };
  }
  return undefined;
}
`;

export const STARTER_SYSTEM_PROMPT =
  'You are a helpful assistant working in a small project workspace. Use the tools when they help; ' +
  'prefer one turn with several independent tool calls over many turns with one call each.';
