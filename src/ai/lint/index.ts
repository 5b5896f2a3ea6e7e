// Public face of schema lint: for each tool and each API variant, what the provider will refuse, what it
// will silently ignore and what pi rewrites on the way. `lintTools` never throws; a tool whose schema is
// not even JSON Schema gets one `invalid-schema` finding (the same check encodeRequest runs).
import { API_VARIANTS, type ApiVariant } from '../providers/known-apis.ts';
import { perTool } from '../providers/shared/per-tool.ts';
import { checkTool } from '../providers/shared/schema-check.ts';
import type { KnownApi, Tool } from '../types.ts';
import { descriptionRule, duplicateNameRule, oauthCollisionRule, toolNameRule } from './rules/names.ts';
import { anthropicRootRule, rootObjectRule } from './rules/root.ts';
import { geminiKeywordRule } from './rules/gemini.ts';
import { grammarRule, openaiStrictKeywordRule, strictAvailabilityRule, strictImpossibleRule, strictOptionalRule } from './rules/strict.ts';
import type { FindingDraft, LintFinding, LintRule, LintSeverity } from './types.ts';

export type { LintDetail, LintFinding, LintSeverity } from './types.ts';

export const LINT_RULES: Readonly<Record<string, LintRule>> = {
  'tool-name-invalid': toolNameRule,
  'duplicate-tool-name': duplicateNameRule,
  'oauth-name-collision': oauthCollisionRule,
  'missing-description': descriptionRule,
  'root-not-object': rootObjectRule,
  'anthropic-root-dropped': anthropicRootRule,
  'gemini-ignored-keyword': geminiKeywordRule,
  'strict-unavailable': strictAvailabilityRule,
  'strict-impossible': strictImpossibleRule,
  'strict-optional-nullable': strictOptionalRule,
  'openai-strict-keyword': openaiStrictKeywordRule,
  'grammar-unusable': grammarRule,
};

/** Every rule id a finding can carry: `invalid-schema` (a tool no API can be sent) and the rules above. */
export const LINT_RULE_IDS: readonly string[] = ['invalid-schema', ...Object.keys(LINT_RULES)];

const SEVERITY_ORDER: Record<LintSeverity, number> = { error: 0, warning: 1, info: 2 };

function finish(draft: FindingDraft, toolName: string): LintFinding {
  const apis: KnownApi[] = [];
  for (const v of draft.variants) if (!apis.includes(v.api)) apis.push(v.api);
  return { ...draft, toolName, apis, variants: draft.variants.map((v) => v.key) };
}

/** Rules that look at other tools too (names shared or colliding): run on every lint, never remembered. */
const LIST_RULES: ReadonlySet<LintRule> = new Set([duplicateNameRule, oauthCollisionRule]);

/** A tool's findings from the rules that look at it alone, by rule (in LINT_RULES order), and already sorted. */
interface OwnFindings {
  byRule: (LintFinding[] | undefined)[];
  sorted: LintFinding[];
}

const bySeverity = (a: LintFinding, b: LintFinding) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity];

function ownFindings(tool: Tool, index: number, tools: readonly Tool[], variants: readonly ApiVariant[]): OwnFindings {
  const byRule = Object.values(LINT_RULES).map((rule) => (LIST_RULES.has(rule) ? undefined : rule({ tool, index, tools, variants }).map((d) => finish(d, tool.name))));
  return { byRule, sorted: byRule.flatMap((f) => f ?? []).sort(bySeverity) };
}

/**
 * Lints every tool for the given API variants (default: all of them). Findings come grouped by tool in
 * tool order, errors first within a tool, then in rule order. What a tool's findings owe to that tool alone is
 * worked out once per tool revision and variants list (see per-tool.ts); treat the findings as read-only.
 */
export function lintTools(tools: readonly Tool[], variants: readonly ApiVariant[] = API_VARIANTS): LintFinding[] {
  const findings: LintFinding[] = [];
  const rules = Object.values(LINT_RULES);
  tools.forEach((tool, index) => {
    const problem = checkTool(tool, index);
    if (problem) {
      findings.push({
        rule: 'invalid-schema', severity: 'error', apis: [...new Set(variants.map((v) => v.api))], variants: variants.map((v) => v.key),
        toolName: problem.toolName, path: problem.path, schemaNode: (tool as Partial<Tool> | undefined)?.parameters, message: problem.message,
        fix: 'Fix the schema at this path; no API can be sent this tool until then.',
        ...(problem.code === 'invalid-schema'
          ? { params: { tool: problem.toolName, at: problem.path || '/' }, detail: problem.detail }
          : { params: { index }, messageKey: problem.code }),
      });
      return;
    }
    const own = perTool(tool, variants, () => ownFindings(tool, index, tools, variants));
    const listed: LintFinding[][] = rules.map((rule, i) => own.byRule[i] ?? rule({ tool, index, tools, variants }).map((d) => finish(d, tool.name)));
    if (listed.every((f, i) => own.byRule[i] !== undefined || f.length === 0)) findings.push(...own.sorted);
    else findings.push(...listed.flat().sort(bySeverity));
  });
  return findings;
}

/** Findings that affect one API variant (e.g. for a per-provider panel). */
export function findingsFor(findings: readonly LintFinding[], variantKey: string): LintFinding[] {
  return findings.filter((f) => f.variants.includes(variantKey));
}
export { GEMINI_IGNORED } from './rules/gemini.ts';
