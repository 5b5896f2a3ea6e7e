// Rules about the schema root: providers expect an object, and Anthropic gets a root rebuilt by pi from
// `properties` and `required` only, so every other root keyword is lost there (and `$ref`s into a root
// `$defs` dangle).
import { planJsonSchemaTool } from '../../providers/shared/constrained-sampling.ts';
import { pointer } from '../../providers/shared/schema-check.ts';
import type { ApiVariant } from '../../providers/known-apis.ts';
import type { Tool } from '../../types.ts';
import { supportsStrict } from '../capabilities.ts';
import type { FindingDraft, LintRule, LintSeverity } from '../types.ts';
import { isNode, walkSchema } from '../walk.ts';

export const rootObjectRule: LintRule = ({ tool, variants }) => {
  const params = tool.parameters as unknown;
  if (isNode(params) && params.type === 'object') return [];
  const affected = variants.filter((v) => v.api !== 'pi-messages');
  if (affected.length === 0) return [];
  const type = isNode(params) && params.type !== undefined ? JSON.stringify(params.type) : undefined;
  const messageKey = !isNode(params) ? 'not-schema' : type === undefined ? 'no-type' : 'type';
  const got = { 'not-schema': 'not a schema object', 'no-type': 'no type', type: `type ${type}` }[messageKey];
  const draft: FindingDraft = {
    rule: 'root-not-object', severity: 'error', path: '', schemaNode: params, variants: affected,
    message: `The parameters root has ${got}; providers expect {"type": "object"} (Anthropic keeps only its properties and required).`,
    fix: 'Make the root Type.Object({...}) and move a union or reference into a property.',
    params: type === undefined ? {} : { type }, messageKey,
  };
  return [draft];
};

const KEPT = new Set(['type', 'properties', 'required']);
const INFO_KEYS = new Set(['description', 'title', '$schema', '$id', '$comment', 'examples', 'default']);
const UNION_KEYS = new Set(['anyOf', 'oneOf', 'allOf', '$ref']);

function refsInto(root: unknown, key: string): boolean {
  let found = false;
  walkSchema(root, (node) => {
    if (typeof node.$ref === 'string' && node.$ref.startsWith(`#/${key}/`)) found = true;
  });
  return found;
}

/** Strict tools keep their root on Anthropic (the strict copy is spread under the rebuilt keys). */
function sentStrict(tool: Tool, variant: ApiVariant): boolean {
  try {
    return planJsonSchemaTool(tool, supportsStrict(variant)).strict === true;
  } catch {
    return false;
  }
}

export const anthropicRootRule: LintRule = ({ tool, variants }) => {
  const params = tool.parameters as unknown;
  const affected = variants.filter((v) => v.api === 'anthropic-messages' && !sentStrict(tool, v));
  if (!isNode(params) || affected.length === 0) return [];
  const drafts: FindingDraft[] = [];
  for (const key of Object.keys(params)) {
    if (KEPT.has(key)) continue;
    let severity: LintSeverity = 'warning';
    let message = `Anthropic never sees the root "${key}": pi rebuilds input_schema from properties and required only.`;
    let fix = `Move "${key}" into the properties it constrains, or drop it.`;
    let messageKey: string | undefined;
    let fixKey: string | undefined;
    if ((key === '$defs' || key === 'definitions') && refsInto(params, key)) {
      severity = 'error';
      message = `The root "${key}" is dropped for Anthropic, so every "$ref": "#/${key}/…" in the schema points nowhere.`;
      fix = 'Inline the referenced schemas where they are used (TypeBox: avoid Type.Ref/Type.Cyclic in tool parameters).';
      messageKey = fixKey = 'dangling-refs';
    } else if (key === '$defs' || key === 'definitions' || INFO_KEYS.has(key)) {
      severity = 'info';
      const text = key === 'description' || key === 'title';
      fix = text ? 'Put this text in the tool description instead.' : `Drop the unused root "${key}".`;
      fixKey = text ? 'tool-description' : 'drop-unused';
    } else if (UNION_KEYS.has(key)) {
      severity = 'error';
      message = `Anthropic gets an empty object instead of the root "${key}": pi keeps only properties and required.`;
      fix = 'Make the root an object and put the union or reference into a property.';
      messageKey = fixKey = 'union';
    } else if (key === 'additionalProperties') {
      message = 'Anthropic never sees the root additionalProperties: Claude may add extra keys, which validation then rejects.';
      fix = 'Describe the allowed keys in the description, or accept extra keys in validation.';
      messageKey = fixKey = 'additional-properties';
    }
    drafts.push({ rule: 'anthropic-root-dropped', severity, path: pointer('', key), schemaNode: params[key], variants: affected, message, fix, params: { key }, messageKey, fixKey });
  }
  return drafts;
};
