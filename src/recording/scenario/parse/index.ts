// Reads a scenario from its JSON text: syntax, schema and rules, every problem reported with a message naming
// the turn, block and field, and the line and column the editor should mark.
import { ScenarioSchema, type ScenarioFile } from '../format.ts';
import { lineColumnAt, pointerOf, scanJson, type ValueSpan } from '../json-positions.ts';
import { normalizeScenario, type Scenario } from '../scenario.ts';
import { checkScenarioRules } from '../scenario-checks.ts';
import { collectSchemaIssues, type SchemaIssue } from '../schema-issues.ts';

/** One problem. `path` is a JSON pointer; line and column are 1-based, offset 0-based (UTF-16 units). */
export interface ScenarioError {
  path: string;
  message: string;
  line: number;
  column: number;
  offset: number;
}

export type ParseScenarioResult = { ok: true; scenario: Scenario } | { ok: false; errors: ScenarioError[] };

const BLOCK_TYPES = new Set(['text', 'thinking', 'toolCall']);

/** "turn 2, block 1 (toolCall)" and the segments left to name as a field. Numbers shown are 1-based. */
function locate(path: (string | number)[], root: unknown): { where: string; rest: (string | number)[] } {
  const [head, index, sub, subIndex] = path;
  if (head === 'turns' && typeof index === 'number') {
    if (sub === 'content' && typeof subIndex === 'number') {
      const turn = (root as ScenarioFile).turns[index] as { content?: unknown[] } | undefined;
      const block = (Array.isArray(turn?.content) ? turn.content[subIndex] : undefined) as { type?: unknown } | undefined;
      const kind = typeof block?.type === 'string' && BLOCK_TYPES.has(block.type) ? ` (${block.type})` : '';
      return { where: `turn ${index + 1}, block ${subIndex + 1}${kind}`, rest: path.slice(4) };
    }
    return { where: `turn ${index + 1}`, rest: path.slice(2) };
  }
  if ((head === 'steering' || head === 'followUp') && typeof index === 'number') {
    return { where: `${head === 'steering' ? 'steering' : 'follow-up'} message ${index + 1}`, rest: path.slice(2) };
  }
  if (head === 'abort') return { where: 'abort', rest: path.slice(1) };
  return { where: '', rest: path };
}

/** An issue as the learner reads it: "turn 2, block 1 (toolCall): "name" is required". `root` is the whole file. */
export function describeIssue(issue: SchemaIssue, root: unknown): string {
  const { where, rest } = locate(issue.path, root);
  const segments = issue.field === undefined ? rest : [...rest, issue.field];
  const field = segments.map((s, i) => (typeof s === 'number' ? `[${s}]` : i === 0 ? s : `.${s}`)).join('');
  const subject = field ? `"${field}" ${issue.message}` : issue.message;
  if (where) return `${where}: ${subject}`;
  return field ? subject : `the scenario ${issue.message}`;
}

/** The offset to mark: the key for unknown fields, else the value (or its nearest enclosing value). */
function offsetOf(issue: SchemaIssue, spans: Map<string, ValueSpan>): number {
  if (issue.atKey && issue.field !== undefined) {
    const span = spans.get(pointerOf([...issue.path, issue.field]));
    if (span?.keyStart !== undefined) return span.keyStart;
  }
  for (let n = issue.path.length; n >= 0; n--) {
    const span = spans.get(pointerOf(issue.path.slice(0, n)));
    if (span) return span.start;
  }
  return 0;
}

function errorAt(text: string, path: string, message: string, offset: number): ScenarioError {
  return { path, message, ...lineColumnAt(text, offset), offset };
}

/** Never throws: any text gives either a runnable scenario or a list of located errors (document order). */
export function parseScenario(jsonText: string): ParseScenarioResult {
  const text = typeof jsonText === 'string' ? jsonText : '';
  const scan = scanJson(text);
  if (!scan.ok) return { ok: false, errors: [errorAt(text, '', `Invalid JSON: ${scan.message}`, scan.offset)] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // The scanner accepts exactly what JSON.parse accepts; keep a located answer should they ever disagree.
    return { ok: false, errors: [errorAt(text, '', `Invalid JSON: ${(error as Error).message}`, 0)] };
  }
  let issues = collectSchemaIssues(ScenarioSchema, value);
  if (issues.length === 0) issues = checkScenarioRules(value as ScenarioFile);
  if (issues.length === 0) return { ok: true, scenario: normalizeScenario(value as ScenarioFile) };
  const errors = issues.map((issue) => {
    const pointer = pointerOf(issue.field === undefined ? issue.path : [...issue.path, issue.field]);
    return errorAt(text, pointer, describeIssue(issue, value), offsetOf(issue, scan.spans));
  });
  errors.sort((a, b) => a.offset - b.offset);
  return { ok: false, errors };
}
