// What a recording was made from: every input of a run (tool sources, hooks, the loop settings the scenario takes
// from the workspace, the scenario text, the starting files, the built-in coding tools, the sandbox timeout, the
// network switch for tool code), and
// which of them differ now. Parts are values the owners already keep (strings, an object reference), so comparing
// costs no serialising of the filesystem or the tools per keystroke.

/** One tool file as it was recorded: its id (stable across renames), the name it had, its source. */
export interface ToolIdentity { id: string; name: string; source: string }

/** A recording's inputs. A part left out is not known to that environment and is never reported. */
export interface RunIdentity {
  /** The scenario's id and the text it was parsed from. */
  scenario: string;
  /** Which scenario (a switch to another one is reported as the scenario, not as its files). */
  scenarioId?: string;
  /** The workspace's loop settings the scenario uses (those its file does not set itself). */
  settings?: string;
  tools?: readonly ToolIdentity[];
  hooks?: string;
  /** The starting files: compared by identity (a kept snapshot's id, or the captured run start object). Parts
   *  below may hold undefined (not set yet): present is what counts. */
  files?: unknown;
  /** The built-in coding tools a run gets, in order. */
  codingTools?: string;
  timeoutMs?: number;
  /** Whether tool code could reach the network (a fetch that worked with it on is refused with it off). */
  network?: boolean;
}

/** One input that changed since the recording; `name` for a tool. Plain data: the UI words it, automation lists it. */
export type StaleReason =
  | { input: 'tool'; name: string; change: 'changed' | 'added' | 'removed' }
  | { input: 'hooks' | 'settings' | 'scenario' | 'files' | 'codingTools' | 'timeout' | 'network' };

/** What differs between `recorded` and `now`, in a fixed order: scenario, settings, tools (file order), the rest. */
export function identityChanges(recorded: RunIdentity, now: RunIdentity): StaleReason[] {
  const reasons: StaleReason[] = [];
  // A part both sides have (a value may be undefined: the timeout before one was set) and that differs.
  const differs = (key: keyof RunIdentity) => key in recorded && key in now && recorded[key] !== now[key];
  if (recorded.scenario !== now.scenario) reasons.push({ input: 'scenario' });
  if (differs('settings')) reasons.push({ input: 'settings' });
  if (recorded.tools && now.tools) reasons.push(...toolChanges(recorded.tools, now.tools));
  if (differs('hooks')) reasons.push({ input: 'hooks' });
  // Another scenario starts from its own files: that is the scenario change already reported.
  const sameScenario = recorded.scenarioId === now.scenarioId;
  if (sameScenario && differs('files')) reasons.push({ input: 'files' });
  if (differs('codingTools')) reasons.push({ input: 'codingTools' });
  if (differs('timeoutMs')) reasons.push({ input: 'timeout' });
  if (differs('network')) reasons.push({ input: 'network' });
  return reasons;
}

function toolChanges(recorded: readonly ToolIdentity[], now: readonly ToolIdentity[]): StaleReason[] {
  const before = new Map(recorded.map((t) => [t.id, t]));
  const reasons: StaleReason[] = [];
  for (const tool of now) {
    const old = before.get(tool.id);
    before.delete(tool.id);
    if (!old) reasons.push({ input: 'tool', name: tool.name, change: 'added' });
    else if (old.source !== tool.source || old.name !== tool.name) reasons.push({ input: 'tool', name: tool.name, change: 'changed' });
  }
  for (const old of before.values()) reasons.push({ input: 'tool', name: old.name, change: 'removed' });
  return reasons;
}

/** The automation contract's words for a reason: `tool:get_weather`, `tool-added:x`, `hooks`, `files`, … */
export function reasonCode(reason: StaleReason): string {
  if (reason.input !== 'tool') return reason.input;
  return `${reason.change === 'changed' ? 'tool' : `tool-${reason.change}`}:${reason.name}`;
}

/** The tool files of a workspace as identity parts (the objects keep their strings; nothing is copied). */
export function toolIdentities(tools: readonly { id: string; name: string; source: string }[]): ToolIdentity[] {
  return tools.map((t) => ({ id: t.id, name: t.name, source: t.source }));
}
