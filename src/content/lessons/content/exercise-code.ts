// The code of exercises A and B: the tools as the learner starts from them, and the model's code turns, faux
// factories that read the request (list_dir's description, the last tool result's text) and answer from it, so
// what the learner changes in the tools is what the model reacts to.
import { LIST_DIR, READ_FILE } from '../../examples/index.ts';
import type { ExampleToolFile } from '../../examples/types.ts';

function replaced(source: string, from: string, to: string): string {
  if (!source.includes(from)) throw new Error(`exercise tool: "${from.slice(0, 40)}…" not found`);
  return source.replace(from, to);
}

/** list_dir with its path check, but a description that does not state the rule (yet). */
export const EXERCISE_LIST_DIR: ExampleToolFile = {
  ...LIST_DIR,
  source: replaced(
    replaced(
      LIST_DIR.source,
      `  path: Type.String({
    description: 'Directory to list, RELATIVE to the workspace root: "." for the root, "src" or "docs/api". ' +
      "Absolute paths (starting with /) are rejected.",
  }),`,
      '  path: Type.String({ description: "Directory to list" }),',
    ),
    `    "List the files and folders in a workspace directory, folders first, each folder ending in /. " +
    "Always pass a path relative to the workspace root; never an absolute path.",`,
    '    "List the files and folders in a workspace directory, folders first, each folder ending in /.",',
  ),
};

/** read_file that catches the failed read and throws its own message: the text the model gets. */
export const EXERCISE_READ_FILE: ExampleToolFile = {
  ...READ_FILE,
  source: replaced(
    READ_FILE.source,
    '    const text = await fs.readFile(path); // throws if the file does not exist\n',
    `    let text: string;
    try {
      text = await fs.readFile(path);
    } catch {
      // All the model will know about the failure is this text.
      throw new Error(\`File not found: \${path}\`);
    }
`,
  ),
};

/** Exercise A, turn 1: the model reads list_dir's description in the request before it calls. */
export const OBEYS_DESCRIPTION = String.raw`import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai/compat";

// The model reads list_dir's description in the request (context.tools) before it calls the tool.
export default (context) => {
  const listDir = context.tools?.find((tool) => tool.name === "list_dir");
  const saysRelative = /relative/i.test(listDir?.description ?? "");
  // Told to: a relative path. Not told: the absolute path this model guesses first.
  const path = saysRelative ? "notes" : "/notes";
  return fauxAssistantMessage([fauxToolCall("list_dir", { path })], { stopReason: "toolUse" });
};
`;

/** Exercise A, turn 2: a failed call is retried with its path made relative; a listing is answered. */
export const RETRIES_RELATIVE = String.raw`import { fauxAssistantMessage, fauxText, fauxToolCall } from "@earendil-works/pi-ai/compat";

// What came back from the call decides the next step.
export default (context) => {
  const result = context.messages.at(-1);
  const text = (result?.content ?? []).map((block) => block.text ?? "").join("");
  if (result?.role === "toolResult" && result.isError) {
    const asked = context.messages.findLast((m) => m.role === "assistant")?.content.find((b) => b.type === "toolCall");
    const path = String(asked?.arguments?.path ?? "notes").replace(/^\/+/, "") || ".";
    return fauxAssistantMessage([
      fauxText("Right, the path has to be relative."),
      fauxToolCall("list_dir", { path }),
    ], { stopReason: "toolUse" });
  }
  return fauxAssistantMessage("The notes folder holds: " + text.split("\n").join(", ") + ".");
};
`;

/** Exercise B, turn 2: the next call follows the error text: a file it names is read, else the folder is listed. */
export const FOLLOWS_ERROR = String.raw`import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai/compat";

// The model decides its next call from the error text alone.
export default (context) => {
  const error = (context.messages.at(-1)?.content ?? []).map((block) => block.text ?? "").join("");
  const call = context.messages.findLast((m) => m.role === "assistant")?.content.find((b) => b.type === "toolCall");
  const asked = String(call?.arguments?.path ?? "");
  const folder = asked.includes("/") ? asked.slice(0, asked.lastIndexOf("/")) : ".";
  // File names in the error, other than the one asked for, are hints: the one with the same stem first.
  const stem = asked.split("/").pop().split(".")[0];
  const hints = (error.match(/[\w./-]+\.\w+/g) ?? [])
    .map((name) => (name.includes("/") ? name.replace(/^\/workspace\//, "") : folder + "/" + name))
    .filter((path) => path !== asked);
  const hint = hints.find((path) => path.split("/").pop().startsWith(stem + ".")) ?? hints[0];
  if (hint) return fauxAssistantMessage([fauxToolCall("read_file", { path: hint })], { stopReason: "toolUse" });
  // No hint: look around before guessing again.
  return fauxAssistantMessage([fauxToolCall("list_dir", { path: folder })], { stopReason: "toolUse" });
};
`;

/** Exercise B, turn 3: after a listing, read the file that matches; after the file, answer from it. */
export const READS_OR_ANSWERS = String.raw`import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai/compat";

export default (context) => {
  const result = context.messages.at(-1);
  const text = (result?.content ?? []).map((block) => block.text ?? "").join("");
  if (result?.role === "toolResult" && result.toolName === "list_dir" && !result.isError) {
    const file = text.split("\n").find((name) => name.startsWith("todo.")) ?? "todo.md";
    return fauxAssistantMessage([fauxToolCall("read_file", { path: "notes/" + file })], { stopReason: "toolUse" });
  }
  const items = text.split("\n").filter((line) => /^\d+\./.test(line)).map((line) => line.replace(/^\d+\.\s*/, ""));
  return fauxAssistantMessage("Your to-do list has " + items.length + " items: " + items.join("; ") + ".");
};
`;
