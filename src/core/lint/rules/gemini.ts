// Gemini reads `parametersJsonSchema` against its documented JSON Schema subset; other keywords are not
// enforced when it generates a call (see docs/decisions/providers-lint-rules.md for the sources).
import { pointer } from '../../providers/shared/schema-check';
import type { FindingDraft, LintRule } from '../types';
import { walkSchema } from '../walk';

/** Keyword → why it matters and the fix. */
const IGNORED: Record<string, { fix: string }> = {
  const: { fix: 'Use a one-element enum (StringEnum(["value"])) instead of a literal.' },
  exclusiveMinimum: { fix: 'Use minimum (inclusive) and mention the bound in the description.' },
  exclusiveMaximum: { fix: 'Use maximum (inclusive) and mention the bound in the description.' },
  multipleOf: { fix: 'State the step in the description; validation still checks it.' },
  minLength: { fix: 'State the length in the description; validation still checks it.' },
  maxLength: { fix: 'State the length in the description; validation still checks it.' },
  pattern: { fix: 'Describe the format in words; validation still checks the pattern.' },
  uniqueItems: { fix: 'Say "no duplicates" in the description; validation still checks it.' },
  minProperties: { fix: 'Describe the constraint in the description.' },
  maxProperties: { fix: 'Describe the constraint in the description.' },
  patternProperties: { fix: 'List the allowed properties explicitly.' },
  propertyNames: { fix: 'List the allowed properties explicitly.' },
  dependentRequired: { fix: 'Describe the dependency in the description.' },
  dependentSchemas: { fix: 'Describe the dependency in the description.' },
  allOf: { fix: 'Merge the allOf branches into one object schema.' },
  not: { fix: 'Express the allowed values positively (enum, anyOf).' },
  if: { fix: 'Split the conditional into separate tools or describe it.' },
  contains: { fix: 'Describe the constraint in the description.' },
  unevaluatedProperties: { fix: 'Use additionalProperties instead.' },
  unevaluatedItems: { fix: 'Describe the constraint in the description.' },
};

export const geminiKeywordRule: LintRule = ({ tool, variants }) => {
  const affected = variants.filter((v) => v.api === 'google-generative-ai' || v.api === 'google-vertex');
  if (affected.length === 0) return [];
  const drafts: FindingDraft[] = [];
  walkSchema(tool.parameters, (node, path) => {
    for (const key of Object.keys(node)) {
      const entry = IGNORED[key];
      if (!entry) continue;
      drafts.push({
        rule: 'gemini-ignored-keyword', severity: 'warning', path: pointer(path, key), schemaNode: node, variants: affected,
        message: `Gemini does not enforce "${key}" when it writes a call (outside its JSON Schema subset); a call that breaks it fails validation instead.`,
        fix: entry.fix,
      });
    }
  });
  return drafts;
};
