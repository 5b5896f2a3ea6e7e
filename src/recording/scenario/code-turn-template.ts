// The code a new code turn starts with: a faux response factory in pi's shape that reads the request and answers.

export const CODE_TURN_TEMPLATE = `import { fauxAssistantMessage, fauxText, fauxToolCall } from "@earendil-works/pi-ai/compat";

// A faux response factory: called with the request each time the model is asked for this turn.
export default (context, options, state, model) => {
  const last = context.messages.at(-1);
  if (last?.role === "toolResult" && last.isError) {
    return fauxAssistantMessage([fauxText("That failed: " + last.content[0]?.text)]);
  }
  const tool = context.tools?.[0];
  if (tool) return fauxAssistantMessage([fauxToolCall(tool.name, {})], { stopReason: "toolUse" });
  return fauxAssistantMessage("Request " + state.callCount + " to " + model.id + ".");
};
`;
