// The fuzz tools' parts: TypeBox schemas with valid, invalid and coercible arguments for each, the planned
// prepareArguments variants, and the values a failing execute throws.
import { Type, type TSchema } from 'typebox';
import type { AgentTool } from '../../types.ts';
import { logJson } from '../tool-kit.ts';
import type { ArgsKind, SchemaKind, ThrownKind, ToolPlan } from './plan.ts';

export const SCHEMAS: Record<SchemaKind, TSchema> = {
  text: Type.Object({ text: Type.String() }),
  count: Type.Object({ count: Type.Integer({ minimum: 1 }), flag: Type.Optional(Type.Boolean()) }),
  nested: Type.Object({ item: Type.Object({ id: Type.String(), tags: Type.Array(Type.String()) }) }),
  choice: Type.Object({ mode: Type.Union([Type.Literal('fast'), Type.Literal('slow')]) }),
  empty: Type.Object({}),
  optional: Type.Object({ note: Type.Optional(Type.String()), level: Type.Optional(Type.Number()) }),
};

const ARGS: Record<SchemaKind, Record<Exclude<ArgsKind, 'missing' | 'extra'>, Record<string, unknown>>> = {
  text: { valid: { text: 'hello' }, invalid: { text: { nested: true } }, coercible: { text: 12 } },
  count: { valid: { count: 2, flag: true }, invalid: { count: 0 }, coercible: { count: '3', flag: 'true' } },
  nested: { valid: { item: { id: 'x', tags: ['a', 'b'] } }, invalid: { item: 'none' }, coercible: { item: { id: 7, tags: ['a'] } } },
  choice: { valid: { mode: 'fast' }, invalid: { mode: 'medium' }, coercible: { mode: 'slow', extra: 1 } },
  empty: { valid: {}, invalid: { anything: [1] }, coercible: { n: '1' } },
  optional: { valid: { note: 'n' }, invalid: { level: 'high' }, coercible: { level: '2.5' } },
};

export function argsFor(schema: SchemaKind, kind: ArgsKind): Record<string, unknown> {
  if (kind === 'missing') return {};
  if (kind === 'extra') return { ...ARGS[schema].valid, extra: true };
  return structuredClone(ARGS[schema][kind]);
}

export const USAGE = { input: 3, output: 4, cacheRead: 0, cacheWrite: 0, totalTokens: 7, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
export const hop = async (n: number) => { for (let i = 0; i < n; i++) await Promise.resolve(); };

export function thrown(kind: ThrownKind, id: string): unknown {
  switch (kind) {
    case 'error': return new Error(`${id} failed`);
    case 'typeError': return new TypeError(`${id} failed with a TypeError`);
    case 'emptyError': return new Error();
    case 'string': return `${id} failed as a string`;
    case 'number': return 7;
    case 'undefined': return undefined;
    case 'null': return null;
    case 'object': return { message: `${id} failed as an object` };
  }
}

export function prepareOf(tool: ToolPlan, log: (line: string) => void): AgentTool<any>['prepareArguments'] {
  const note = (args: unknown) => log(`prepare ${tool.name} ${tool.prepare} ${logJson(args)}`);
  switch (tool.prepare) {
    case 'none': return undefined;
    case 'identity': return (args) => { note(args); return args as never; };
    case 'copy': return (args) => { note(args); return (args && typeof args === 'object' ? { ...args } : args) as never; };
    case 'throw': return (args) => { note(args); throw new Error(`prepare ${tool.name} refused`); };
    case 'throwString': return (args) => { note(args); throw `prepare ${tool.name} refused as a string`; };
    case 'mutate': return (args) => {
      note(args);
      if (args && typeof args === 'object') (args as Record<string, unknown>).prepared = true;
      return args as never;
    };
    case 'coerce': return (args) => {
      note(args);
      if (!args || typeof args !== 'object') return args as never;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(args)) {
        out[key] = key === 'text' && typeof value !== 'string' ? String(value)
          : (key === 'count' || key === 'level') && typeof value === 'string' ? Number(value) : value;
      }
      return out as never;
    };
  }
}
