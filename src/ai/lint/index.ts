// Public face of schema lint: for each tool and each API variant, what the provider will refuse, what it
// will silently ignore and what pi rewrites on the way. `lintTools` never throws; a tool whose schema is
// not even JSON Schema gets one `invalid-schema` finding (the same check encodeRequest runs).
import { API_VARIANTS, type ApiVariant } from '../providers/known-apis.ts';
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

/**
 * Lints every tool for the given API variants (default: all of them). Findings come grouped by tool in
 * tool order, errors first within a tool, then in rule order.
 */
export function lintTools(tools: readonly Tool[], variants: readonly ApiVariant[] = API_VARIANTS): LintFinding[] {
  const findings: LintFinding[] = [];
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
    const own: LintFinding[] = [];
    for (const rule of Object.values(LINT_RULES)) {
      for (const draft of rule({ tool, index, tools, variants })) own.push(finish(draft, tool.name));
    }
    own.sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
    findings.push(...own);
  });
  return findings;
}

/** Findings that affect one API variant (e.g. for a per-provider panel). */
export function findingsFor(findings: readonly LintFinding[], variantKey: string): LintFinding[] {
  return findings.filter((f) => f.variants.includes(variantKey));
}
export { GEMINI_IGNORED } from './rules/gemini.ts';
