// The vocabulary of schema lint: one finding per problem, anchored at a JSON pointer into the tool's
// parameters, naming the APIs it affects and the one-line fix.
import type { KnownApi, Tool } from '../types.ts';
import type { ApiVariant } from '../providers/known-apis.ts';

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
  /** English; `params`, `messageKey`, `fixKey` and `detail` say the same without words, for other languages. */
  message: string;
  /** One line: what to change. */
  fix: string;
  /** The values put into `message` and `fix` (tool names, keywords, properties, indexes), by name. */
  params: Record<string, string | number>;
  /** Which of the rule's messages this is, when it has several (e.g. `bedrock`); absent: its only one. */
  messageKey?: string;
  /** Which of the rule's fixes this is, when it has several (e.g. a keyword's fix for Gemini); absent: its only one. */
  fixKey?: string;
  /**
   * A clause of `message` that another check words (why a schema cannot be made strict, why a grammar tool is
   * unusable, what is wrong with a schema): its code and values; `message` has it where its wording says `{detail}`.
   */
  detail?: LintDetail;
}

/** A coded clause, e.g. `{ code: 'strict.tuple', params: {} }`. */
export interface LintDetail {
  code: string;
  params: Record<string, string | number>;
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
