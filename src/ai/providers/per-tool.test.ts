// Per-tool work is remembered (shared between APIs and between requests), yet what is shown always follows the
// tool: a tool object whose fields are reassigned is worked out again, a fresh tool object is new work, and a body
// built from remembered entries is the same JSON as one built from scratch.
import { describe, expect, it } from 'vitest';
import { Type } from 'typebox';
import type { Context, Tool } from '../types.ts';
import { lintTools } from '../lint/index.ts';
import { API_VARIANTS, checkTool, encodeVariants } from './index.ts';
import { firstTurn } from './testing/conversations.ts';
import { TOOLS } from './testing/tools.ts';

/** A structural copy: the same tools as new objects, so nothing remembered applies. */
const fresh = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

const bodies = (context: Context) => encodeVariants(context).map(({ variant, result }) => [variant.key, JSON.stringify(result.ok ? [result.body, result.wireBody, result.headers, result.url] : result.error)]);

describe('per-tool work', () => {
  it('gives every API the same body from remembered entries as from new tool objects', () => {
    const tools = TOOLS.filter((t) => t.name !== 'tree_sum');
    const context = { ...firstTurn(tools), tools };
    const first = bodies(context);
    expect(bodies(context)).toEqual(first);
    expect(bodies({ ...context, tools: fresh(tools) })).toEqual(first);
  });

  it('shares an unchanged tool\'s entry between requests and rebuilds an edited one', () => {
    const a: Tool = { name: 'a', description: 'A.', parameters: Type.Object({ x: Type.String() }) };
    const b: Tool = { name: 'b', description: 'B.', parameters: Type.Object({ y: Type.Number() }) };
    const variant = API_VARIANTS.filter((v) => v.key === 'openai-completions');
    const toolsOf = (tools: Tool[]) => {
      const result = encodeVariants({ ...firstTurn(tools), tools }, {}, variant)[0].result;
      return result.ok ? (result.body as { tools: unknown[] }).tools : [];
    };
    const before = toolsOf([a, b]);
    const edited = { ...b, description: 'B, edited.' };
    const after = toolsOf([a, edited]);
    expect(after[0]).toBe(before[0]);
    expect(after[1]).not.toBe(before[1]);
    expect(after[1]).toMatchObject({ function: { name: 'b', description: 'B, edited.' } });
  });

  it('sees a field reassigned on the same tool object', () => {
    const tool: Tool = { name: 'ok_tool', description: 'Fine.', parameters: Type.Object({ x: Type.String() }) };
    expect(checkTool(tool, 0)).toBeUndefined();
    expect(lintTools([tool]).some((f) => f.rule === 'missing-description')).toBe(false);

    tool.parameters = { type: 'object', properties: { x: { type: 'strng' } } } as never;
    tool.description = '';
    expect(checkTool(tool, 0)).toMatchObject({ toolName: 'ok_tool', path: '/properties/x/type' });
    tool.parameters = Type.Object({ x: Type.String() });
    expect(checkTool(tool, 0)).toBeUndefined();
    expect(lintTools([tool]).some((f) => f.rule === 'missing-description')).toBe(true);
  });

  it('lints names against the whole list every time, though each tool\'s own findings are remembered', () => {
    const read: Tool = { name: 'read', description: 'Read.', parameters: Type.Object({}) };
    const other: Tool = { name: 'Read', description: 'Also read.', parameters: Type.Object({}) };
    expect(lintTools([read]).map((f) => f.rule)).toEqual([]);
    expect(lintTools([read, other]).map((f) => f.rule)).toContain('oauth-name-collision');
    expect(lintTools([read, { ...read }]).map((f) => f.rule)).toContain('duplicate-tool-name');
    expect(lintTools([read]).map((f) => f.rule)).toEqual([]);
  });

  it('estimates the context from each tool\'s JSON exactly as pi does from the whole list (max tokens follow it)', () => {
    const other: Tool = { name: 'other', description: 'y'.repeat(3), parameters: Type.Object({}) };
    // A tool with its own toJSON goes through JSON.stringify of the whole list, as before the per-tool lengths.
    const whole = { ...other, toJSON(this: Tool & { toJSON?: unknown }) { const { toJSON: _, ...rest } = this; return rest; } } as Tool;
    const model = { ...API_VARIANTS.find((v) => v.key === 'openai-completions')!.model, contextWindow: 20_000, maxTokens: 16_000 };
    const variant = { ...API_VARIANTS[0], model };
    const maxTokens = (tools: Tool[]) => {
      const result = encodeVariants({ ...firstTurn(tools), tools }, {}, [variant])[0].result;
      return result.ok ? (result.body as { max_completion_tokens: number }).max_completion_tokens : undefined;
    };
    // Four lengths in a row: a length off by a few characters changes the rounded estimate for at least one.
    for (const extra of [0, 1, 2, 3]) {
      const big: Tool = { name: 'big', description: 'x'.repeat(40_000 + extra), parameters: Type.Object({ a: Type.String() }) };
      const estimated = maxTokens([big, other]);
      expect(estimated).toBeLessThan(16_000);
      expect(maxTokens([big, whole])).toBe(estimated);
      expect(maxTokens([big, other])).toBe(estimated);
    }
  });
});
