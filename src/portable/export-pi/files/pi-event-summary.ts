// The summary of pi's events an exported scenario test compares with the playground's recording: each event
// reduced to what both sides must agree on, with time kept exactly, approximately or not at all. A twin of the
// playground's event-summary.ts (the export test proves they agree).

type Loose = Record<string, any>;


function contentText(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((b: Loose) => (b?.type === "text" ? String(b.text) : b?.type === "image" ? "[image " + b.mimeType + "]" : "")).join("\n");
}

function plain(value: unknown): unknown {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}

function summarizeMessage(message: Loose): Loose {
  const role = String(message?.role);
  if (role === "user") return { role, text: contentText(message.content) };
  if (role === "toolResult") {
    return { role, toolCallId: message.toolCallId, toolName: message.toolName, isError: message.isError === true, text: contentText(message.content) };
  }
  if (role !== "assistant") return { role };
  const content = (Array.isArray(message.content) ? message.content : []).map((b: Loose) => {
    if (b.type === "text") return { type: "text", text: b.text };
    if (b.type === "thinking") return { type: "thinking", thinking: b.thinking };
    if (b.type === "toolCall") return { type: "toolCall", id: b.id, name: b.name, arguments: plain(b.arguments) };
    return { type: String(b.type) };
  });
  return { role, stopReason: message.stopReason, ...(message.errorMessage !== undefined ? { errorMessage: message.errorMessage } : {}), content };
}

/**
 * Appends the summary of one event, taken when it happens (pi mutates partial messages later), stamped with the
 * virtual time `t` (a run of message_update keeps the time of its first).
 */
export function summarizeEvent(out: Loose[], event: Loose, t: number): void {
  const before = out.length;
  summarizeInto(out, event);
  if (out.length > before) out[out.length - 1].t = t;
}

function summarizeInto(out: Loose[], event: Loose): void {
  switch (event.type) {
    case "agent_start":
    case "turn_start":
      out.push({ type: event.type });
      break;
    case "agent_end":
      out.push({ type: "agent_end", messages: event.messages.length });
      break;
    case "turn_end":
      out.push({ type: "turn_end", stopReason: event.message?.stopReason, toolResults: event.toolResults.map((r: Loose) => r.toolCallId) });
      break;
    case "message_start": {
      const m = event.message;
      out.push(m?.role === "toolResult" ? { type: "message_start", role: m.role, toolCallId: m.toolCallId } : { type: "message_start", role: String(m?.role) });
      break;
    }
    case "message_update": {
      const kind = String(event.assistantMessageEvent?.type);
      const last = out[out.length - 1];
      if (last?.type === "message_update") {
        if (last.stream[last.stream.length - 1] !== kind) last.stream.push(kind);
      } else out.push({ type: "message_update", stream: [kind] });
      break;
    }
    case "message_end":
      out.push({ type: "message_end", ...summarizeMessage(event.message) });
      break;
    case "tool_execution_start":
      out.push({ type: "tool_execution_start", toolCallId: event.toolCallId, toolName: event.toolName, args: plain(event.args) });
      break;
    case "tool_execution_update":
      out.push({ type: "tool_execution_update", toolCallId: event.toolCallId, toolName: event.toolName, text: contentText(event.partialResult?.content) });
      break;
    case "tool_execution_end":
      out.push({ type: "tool_execution_end", toolCallId: event.toolCallId, toolName: event.toolName, isError: event.isError === true, text: contentText(event.result?.content) });
      break;
    default:
      out.push({ type: String(event.type) });
  }
}

const finishesTool = (e: Loose) => e.type === "tool_execution_end" || e.type === "tool_execution_update";

/**
 * How clock times are compared: "exact"; "approximate" (within 1 ms + 5%: pi's faux provider paces chunks with
 * setTimeout, which counts whole milliseconds, while the playground's clock keeps fractions); or "none" (pi draws
 * chunk sizes at random, so paced streams take different times).
 */
export type TimePolicy = "exact" | "approximate" | "none";

/**
 * The form two summaries are compared in. Tools that report at the same instant do so in an order decided by I/O
 * scheduling (real files here, the virtual filesystem in the playground), so such runs of tool_execution_update
 * and _end are put in tool-call-id order (each call's own order kept). With "approximate", a time within the
 * tolerance of the reference's time at the same position is replaced by it, so only real differences show.
 */
export function comparable(events: Loose[], policy: TimePolicy, reference?: Loose[]): Loose[] {
  const out = events.map((e) => ({ ...e }));
  for (let i = 0; i < out.length; ) {
    let j = i + 1;
    if (finishesTool(out[i])) while (j < out.length && finishesTool(out[j]) && out[j].t === out[i].t) j++;
    if (j - i > 1) out.splice(i, j - i, ...out.slice(i, j).sort((a, b) => (a.toolCallId < b.toolCallId ? -1 : a.toolCallId > b.toolCallId ? 1 : 0)));
    i = j;
  }
  if (policy === "none") return out.map(({ t: _t, ...rest }) => rest);
  if (policy === "approximate" && reference) {
    const ref = comparable(reference, "exact");
    out.forEach((e, i) => {
      const expected = ref[i]?.t;
      if (typeof expected === "number" && typeof e.t === "number" && Math.abs(e.t - expected) <= 1 + 0.05 * expected) e.t = expected;
    });
  }
  return out;
}
