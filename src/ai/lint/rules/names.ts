// Tool-level rules: names each provider accepts, duplicate names (the model and the loop would disagree
// on which tool is meant), names that collide under Anthropic OAuth's Claude Code casing, and missing
// descriptions.
import { toClaudeCodeName } from '../../providers/anthropic-messages-convert.ts';
import { isOAuthKey } from '../../providers/anthropic-messages.ts';
import { NAME_RULES } from '../capabilities.ts';
import type { Tool } from '../../types.ts';
import type { FindingDraft, LintRule } from '../types.ts';

export const toolNameRule: LintRule = ({ tool, variants }) => {
  const byRule = new Map<string, FindingDraft>();
  for (const variant of variants) {
    const rule = NAME_RULES[variant.api];
    if (!rule || rule.pattern.test(tool.name)) continue;
    const draft = byRule.get(rule.rule) ?? {
      rule: 'tool-name-invalid', severity: 'error', path: '', schemaNode: tool.parameters, variants: [],
      message: `The name "${tool.name}" is refused: names must use ${rule.rule}.`,
      fix: 'Rename the tool with letters, digits and underscores only (e.g. get_weather).',
      params: { tool: tool.name, max: rule.max }, messageKey: rule.charset,
    };
    draft.variants = [...draft.variants, variant];
    byRule.set(rule.rule, draft);
  }
  return [...byRule.values()];
};

export const duplicateNameRule: LintRule = ({ tool, index, tools, variants }) => {
  const first = tools.findIndex((t) => t.name === tool.name);
  if (first === index) return [];
  return [{
    rule: 'duplicate-tool-name', severity: 'error', path: '', schemaNode: tool.parameters, variants,
    message: `Tool #${index} repeats the name "${tool.name}" of tool #${first}: the loop always runs the first, while some APIs keep only the last definition and others send both.`,
    fix: 'Give every tool a unique name.',
    params: { index, tool: tool.name, first },
  }];
};

/** Every tool's Claude Code name, worked out once per tools list (the rule runs for each tool of the list). */
const claudeCodeNames = new WeakMap<readonly Tool[], { of: unknown[]; names: (string | undefined)[] }>();

function claudeCodeNamesOf(tools: readonly Tool[]): (string | undefined)[] {
  const known = claudeCodeNames.get(tools);
  if (known && known.of.length === tools.length && tools.every((t, i) => t?.name === known.of[i])) return known.names;
  // A tool without a name (linted as invalid-schema) has no Claude Code name and collides with nothing.
  const names = tools.map((t) => (typeof t?.name === 'string' ? toClaudeCodeName(t.name) : undefined));
  claudeCodeNames.set(tools, { of: tools.map((t) => t?.name), names });
  return names;
}

export const oauthCollisionRule: LintRule = ({ tool, index, tools, variants }) => {
  const oauth = variants.filter((v) => v.api === 'anthropic-messages' && isOAuthKey(v.options?.apiKey));
  if (oauth.length === 0) return [];
  const names = claudeCodeNamesOf(tools);
  const mapped = toClaudeCodeName(tool.name);
  const other = tools.findIndex((t, i) => i < index && t.name !== tool.name && names[i] === mapped);
  if (other === -1) return [];
  return [{
    rule: 'oauth-name-collision', severity: 'warning', path: '', schemaNode: tool.parameters, variants: oauth,
    message: `With an OAuth token "${tool.name}" and "${tools[other].name}" are both sent as "${mapped}"; pi keeps one definition and maps replies back to the first match.`,
    fix: `Rename one of them so they differ beyond letter case (e.g. "${tool.name}_file").`,
    params: { tool: tool.name, other: tools[other].name, mapped },
  }];
};

export const descriptionRule: LintRule = ({ tool, variants }) => {
  if (typeof tool.description === 'string' && tool.description.trim().length > 0) return [];
  const bedrock = variants.filter((v) => v.api === 'bedrock-converse-stream');
  const others = variants.filter((v) => v.api !== 'bedrock-converse-stream');
  const base = { rule: 'missing-description', path: '', schemaNode: tool.parameters, fix: 'Say in one sentence what the tool does and when to use it.', params: { tool: tool.name } };
  const drafts: FindingDraft[] = [];
  if (others.length > 0) drafts.push({ ...base, severity: 'warning', variants: others, message: `"${tool.name}" has no description: the model has only the name to decide when to call it.` });
  if (bedrock.length > 0) drafts.push({ ...base, severity: 'error', variants: bedrock, message: `"${tool.name}" has no description, and Bedrock requires at least one character.`, messageKey: 'bedrock' });
  return drafts;
};
