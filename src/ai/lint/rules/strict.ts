// Constrained-sampling rules: where a tool's strict request cannot be met (pi falls back or fails), what
// pi's strict rewrite changes (optional fields become required-but-nullable), the keywords OpenAI's strict
// mode refuses, and grammar tools pi cannot use.
import type { ApiVariant } from '../../providers/known-apis.ts';
import { GrammarError, resolveGrammar, sharedStrictSchema } from '../../providers/shared/constrained-sampling.ts';
import { pointer } from '../../providers/shared/schema-check.ts';
import type { Tool } from '../../types.ts';
import { OPENAI_FAMILY, supportsGrammar, supportsStrict } from '../capabilities.ts';
import type { FindingDraft, LintRule } from '../types.ts';
import { isNode, nodeAt, walkSchema } from '../walk.ts';

const wantsStrict = (tool: Tool) => tool.constrainedSampling && tool.constrainedSampling.type === 'json_schema' ? tool.constrainedSampling.strict : undefined;
const applicable = (variants: readonly ApiVariant[]) => variants.filter((v) => v.api !== 'pi-messages');

export const strictAvailabilityRule: LintRule = ({ tool, variants }) => {
  const mode = wantsStrict(tool);
  if (!mode) return [];
  const drafts: FindingDraft[] = [];
  const unsupported = applicable(variants).filter((v) => !supportsStrict(v));
  if (unsupported.length > 0) {
    drafts.push(mode === 'require'
      ? { rule: 'strict-unavailable', severity: 'error', path: '', schemaNode: tool.parameters, variants: unsupported, message: `Tool "${tool.name}" requires JSON-schema constrained sampling, but strict tools are unsupported: pi refuses the whole request.`, fix: 'Use strict: "prefer" to fall back to normal sampling there.', params: { tool: tool.name }, messageKey: 'require', fixKey: 'require' }
      : { rule: 'strict-unavailable', severity: 'info', path: '', schemaNode: tool.parameters, variants: unsupported, message: 'Strict sampling is preferred but unsupported here: the tool is sent normally.', fix: 'Nothing to do; validation still checks every call.', params: { tool: tool.name }, messageKey: 'prefer', fixKey: 'prefer' });
  }
  return drafts;
};

/** Where strict is available but this schema cannot be made strict (pi's own conversion rules). */
export const strictImpossibleRule: LintRule = ({ tool, variants }) => {
  const mode = wantsStrict(tool);
  if (!mode) return [];
  const drafts: FindingDraft[] = [];
  const supported = applicable(variants).filter(supportsStrict);
  const strict = sharedStrictSchema(tool.parameters);
  if (supported.length > 0 && !strict.ok) {
    drafts.push({
      rule: 'strict-impossible', severity: mode === 'require' ? 'error' : 'warning', path: strict.path, schemaNode: nodeAt(tool.parameters, strict.path), variants: supported,
      message: mode === 'require'
        ? `Tool "${tool.name}" requires JSON-schema constrained sampling, but ${strict.reason}: pi refuses the whole request.`
        : `Strict sampling is preferred but impossible (${strict.reason}): pi silently sends the tool without it.`,
      fix: 'Inline references and replace oneOf/allOf/tuples/object unions with simple types, or drop constrainedSampling.',
      params: { tool: tool.name }, messageKey: mode, detail: { code: `strict.${strict.code}`, params: strict.params },
    });
  }
  return drafts;
};

/** Where strict is used, optional properties are sent required-and-nullable (pi's strict rewrite). */
export const strictOptionalRule: LintRule = ({ tool, variants }) => {
  if (!wantsStrict(tool) || !sharedStrictSchema(tool.parameters).ok) return [];
  const affected = applicable(variants).filter(supportsStrict);
  if (affected.length === 0) return [];
  const drafts: FindingDraft[] = [];
  walkSchema(tool.parameters, (node, path) => {
    if (node.type !== 'object' || !isNode(node.properties)) return;
    const required = new Set(Array.isArray(node.required) ? node.required : []);
    for (const [name, property] of Object.entries(node.properties)) {
      if (required.has(name)) continue;
      const at = pointer(pointer(path, 'properties'), name);
      drafts.push({
        rule: 'strict-optional-nullable', severity: 'info', path: at, schemaNode: property, variants: affected,
        message: `Under strict sampling "${name}" is sent as required and nullable: to leave it out the model must send null (pi's validation then drops the null).`,
        fix: 'Nothing to do; or make it required if a value is always expected.',
        params: { property: name },
      });
    }
  });
  return drafts;
};

const OPENAI_STRICT_REFUSED = ['default', 'minLength', 'maxLength', 'minProperties', 'maxProperties', 'uniqueItems', 'minContains', 'maxContains', 'unevaluatedItems'];
const OPENAI_STRICT_FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

export const openaiStrictKeywordRule: LintRule = ({ tool, variants }) => {
  if (!wantsStrict(tool) || !sharedStrictSchema(tool.parameters).ok) return [];
  const affected = variants.filter((v) => OPENAI_FAMILY.has(v.api) && supportsStrict(v));
  if (affected.length === 0) return [];
  const drafts: FindingDraft[] = [];
  walkSchema(tool.parameters, (node, path) => {
    for (const key of OPENAI_STRICT_REFUSED) {
      if (!(key in node)) continue;
      drafts.push({
        rule: 'openai-strict-keyword', severity: 'error', path: pointer(path, key), schemaNode: node, variants: affected,
        message: `OpenAI's strict mode rejects "${key}" ("'${key}' is not permitted"), and pi sends it unchanged: the request fails with HTTP 400.`,
        fix: `Remove "${key}" (state it in the description) or drop constrainedSampling for this tool.`,
        params: { keyword: key },
      });
    }
    if (typeof node.format === 'string' && !OPENAI_STRICT_FORMATS.has(node.format)) {
      drafts.push({
        rule: 'openai-strict-keyword', severity: 'error', path: pointer(path, 'format'), schemaNode: node, variants: affected,
        message: `OpenAI's strict mode supports only the formats ${[...OPENAI_STRICT_FORMATS].join(', ')}; "${node.format}" is refused.`,
        fix: 'Drop the format or use a supported one (a pattern also works for strings).',
        params: { format: node.format, formats: [...OPENAI_STRICT_FORMATS].join(', ') }, messageKey: 'format', fixKey: 'format',
      });
    }
  });
  return drafts;
};

export const grammarRule: LintRule = ({ tool, variants }) => {
  if (!tool.constrainedSampling || tool.constrainedSampling.type !== 'grammar') return [];
  const affected = variants.filter(supportsGrammar);
  if (affected.length === 0) return [];
  try {
    resolveGrammar(tool, true);
    return [];
  } catch (error) {
    return [{
      rule: 'grammar-unusable', severity: 'error', path: '', schemaNode: tool.parameters, variants: affected,
      message: `${(error as Error).message} pi refuses the whole request.`,
      fix: 'Give the tool exactly one required string property and a non-empty openai_lark or openai_regex grammar.',
      params: { tool: tool.name },
      ...(error instanceof GrammarError ? { detail: { code: `grammar.${error.code}`, params: error.params } } : {}),
    }];
  }
};
