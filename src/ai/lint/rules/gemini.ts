// Gemini reads `parametersJsonSchema` against its documented JSON Schema subset; other keywords are not
// enforced when it generates a call (see docs/decisions/providers-lint-rules.md for the sources).
import { pointer } from '../../providers/shared/schema-check.ts';
import type { FindingDraft, LintRule } from '../types.ts';
import { walkSchema } from '../walk.ts';

/** The fixes, by id; several keywords share one. */
const FIXES = {
  'one-element-enum': 'Use a one-element enum (StringEnum(["value"])) instead of a literal.',
  'inclusive-minimum': 'Use minimum (inclusive) and mention the bound in the description.',
  'inclusive-maximum': 'Use maximum (inclusive) and mention the bound in the description.',
  'describe-step': 'State the step in the description; validation still checks it.',
  'describe-length': 'State the length in the description; validation still checks it.',
  'describe-format': 'Describe the format in words; validation still checks the pattern.',
  'describe-unique': 'Say "no duplicates" in the description; validation still checks it.',
  'describe-constraint': 'Describe the constraint in the description.',
  'list-properties': 'List the allowed properties explicitly.',
  'describe-dependency': 'Describe the dependency in the description.',
  'merge-all-of': 'Merge the allOf branches into one object schema.',
  'positive-values': 'Express the allowed values positively (enum, anyOf).',
  'split-conditional': 'Split the conditional into separate tools or describe it.',
  'additional-properties': 'Use additionalProperties instead.',
} as const;

/** Keywords Gemini ignores → the id of their fix. */
export const GEMINI_IGNORED: Readonly<Record<string, keyof typeof FIXES>> = {
  const: 'one-element-enum',
  exclusiveMinimum: 'inclusive-minimum',
  exclusiveMaximum: 'inclusive-maximum',
  multipleOf: 'describe-step',
  minLength: 'describe-length',
  maxLength: 'describe-length',
  pattern: 'describe-format',
  uniqueItems: 'describe-unique',
  minProperties: 'describe-constraint',
  maxProperties: 'describe-constraint',
  patternProperties: 'list-properties',
  propertyNames: 'list-properties',
  dependentRequired: 'describe-dependency',
  dependentSchemas: 'describe-dependency',
  allOf: 'merge-all-of',
  not: 'positive-values',
  if: 'split-conditional',
  contains: 'describe-constraint',
  unevaluatedProperties: 'additional-properties',
  unevaluatedItems: 'describe-constraint',
};

export const geminiKeywordRule: LintRule = ({ tool, variants }) => {
  const affected = variants.filter((v) => v.api === 'google-generative-ai' || v.api === 'google-vertex');
  if (affected.length === 0) return [];
  const drafts: FindingDraft[] = [];
  walkSchema(tool.parameters, (node, path) => {
    for (const key of Object.keys(node)) {
      if (!Object.hasOwn(GEMINI_IGNORED, key)) continue;
      const fixKey = GEMINI_IGNORED[key];
      drafts.push({
        rule: 'gemini-ignored-keyword', severity: 'warning', path: pointer(path, key), schemaNode: node, variants: affected,
        message: `Gemini does not enforce "${key}" when it writes a call (outside its JSON Schema subset); a call that breaks it fails validation instead.`,
        fix: FIXES[fixKey], params: { keyword: key }, fixKey,
      });
    }
  });
  return drafts;
};
