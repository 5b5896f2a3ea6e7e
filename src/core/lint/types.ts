// The vocabulary of schema lint: one finding per problem, anchored at a JSON pointer into the tool's
// parameters, naming the APIs it affects and the one-line fix.
import type { KnownApi, Tool } from '../types';
import type { ApiVariant } from '../providers/known-apis';

/** error: the request fails or the tool cannot work; warning: silently dropped or ignored; info: pi rewrites it. */
export type LintSeverity = 'error' | 'warning' | 'info';

export interface LintFinding {
  /** Stable rule id, e.g. `anthropic-root-dropped`. */
  rule: string;
  severity: LintSeverity;
  /** Affected API ids (deduplicated, in KNOWN_APIS order). */
  apis: KnownApi[];
  /** Affected variant keys (e.g. `openai-responses--strict-compat`), for APIs whose variants differ. */
  variants: string[];
  toolName: string;
  /** JSON pointer into the tool's `parameters` ('' = root; tool-level findings use ''). */
  path: string;
  /** The offending schema node (for tool-level findings: the tool's parameters). */
  schemaNode: unknown;
  message: string;
  /** One line: what to change. */
  fix: string;
}

/** What a rule sees: one tool (with its index), every tool, and the variants being linted for. */
export interface RuleContext {
  tool: Tool;
  index: number;
  tools: readonly Tool[];
  variants: readonly ApiVariant[];
}

export type FindingDraft = Omit<LintFinding, 'apis' | 'variants' | 'toolName'> & { variants: readonly ApiVariant[] };

export type LintRule = (context: RuleContext) => FindingDraft[];
