// Test tools covering every branch of the tool pipeline (the reference's test tool set, in our own words).
// Built per run around an injected clock and log, so the same kit can be handed to pi's loop and to ours.
import { Type } from 'typebox';
import type { Clock } from '../clock.ts';
import type { AgentTool, AgentToolResult } from '../types.ts';

export interface ToolKitEnv {
  clock: Clock;
  /** Side log of what the tools saw; compared between implementations. */
  log: (line: string) => void;
}

const text = (value: string): AgentToolResult<any> => ({ content: [{ type: 'text', text: value }], details: {} });

/** JSON of a value for logs; never throws. */
export function logJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** Sleeps on the injected clock; when `honourAbort` the wait ends early and throws `sleep <label> aborted`. */
async function nap(env: ToolKitEnv, ms: number, label: string, signal: AbortSignal | undefined, honourAbort: boolean) {
  await env.clock.sleep(ms, honourAbort ? signal : undefined);
  if (honourAbort && signal?.aborted) throw new Error(`sleep ${label} aborted`);
}

const SleepParams = Type.Object({ ms: Type.Integer({ minimum: 0 }), label: Type.String() });

export function createToolKit(env: ToolKitEnv) {
  const { log } = env;
  const entered = (name: string, id: string, params: unknown) => log(`execute ${name} ${id} ${logJson(params)} @${env.clock.now()}`);

  const echo: AgentTool<any> = {
    name: 'echo', label: 'Echo', description: 'Echoes the text back.',
    parameters: Type.Object({ text: Type.String() }),
    async execute(id: string, params: any) {
      entered('echo', id, params);
      return { content: [{ type: 'text', text: `echo: ${params.text}` }], details: { text: params.text } };
    },
  };
  const sleepTool = (name: string, honourAbort: boolean, executionMode?: 'sequential' | 'parallel'): AgentTool<any> => ({
    name, label: name, description: `Sleeps for ms on the clock${honourAbort ? '' : ', ignoring aborts'}.`,
    parameters: SleepParams,
    ...(executionMode ? { executionMode } : {}),
    async execute(id: string, params: any, signal) {
      entered(name, id, params);
      await nap(env, params.ms, params.label, signal, honourAbort);
      log(`done ${name} ${params.label} @${env.clock.now()}`);
      return { content: [{ type: 'text', text: `slept ${params.label}` }], details: { ms: params.ms } };
    },
  });
  const typed: AgentTool<any> = {
    name: 'typed', label: 'Typed', description: 'Checks argument types.',
    parameters: Type.Object({
      count: Type.Integer({ minimum: 1 }),
      flag: Type.Boolean(),
      name: Type.String({ pattern: '^[a-z]+$' }),
    }),
    async execute(id: string, params: any) {
      entered('typed', id, params);
      return { content: [{ type: 'text', text: `typed ${logJson(params)}` }], details: params };
    },
  };
  const fail: AgentTool<any> = {
    name: 'fail', label: 'Fail', description: 'Throws an Error.', parameters: Type.Object({}),
    async execute(id: string, params: any) { entered('fail', id, params); throw new Error('boom from execute'); },
  };
  const failString: AgentTool<any> = {
    name: 'fail_string', label: 'Fail string', description: 'Throws a string.', parameters: Type.Object({}),
    async execute(id: string, params: any) { entered('fail_string', id, params); throw 'plain string thrown'; },
  };
  const terminate: AgentTool<any> = {
    name: 'terminate', label: 'Terminate', description: 'Asks the loop to stop.', parameters: Type.Object({}),
    async execute(id: string, params: any) { entered('terminate', id, params); return { ...text('terminating'), terminate: true }; },
  };
  const progress: AgentTool<any> = {
    name: 'progress', label: 'Progress', description: 'Reports progress, then once more after finishing.',
    parameters: Type.Object({ updates: Type.Integer(), stepMs: Type.Integer(), lateMs: Type.Optional(Type.Integer()) }),
    async execute(id: string, params: any, _signal, onUpdate) {
      entered('progress', id, params);
      for (let i = 1; i <= params.updates; i++) {
        onUpdate?.({ content: [{ type: 'text', text: `step ${i}` }], details: { step: i } });
        await env.clock.sleep(params.stepMs);
      }
      if (params.lateMs !== undefined) {
        void env.clock.sleep(params.lateMs).then(() => {
          log(`late update progress ${id} @${env.clock.now()}`);
          onUpdate?.({ content: [{ type: 'text', text: 'late' }], details: { late: true } });
        });
      }
      return { content: [{ type: 'text', text: 'progress done' }], details: { updates: params.updates } };
    },
  };
  const fields: AgentTool<any> = {
    name: 'fields', label: 'Fields', description: 'Returns result objects with unusual fields.',
    parameters: Type.Object({ variant: Type.String() }),
    async execute(id: string, params: any) {
      entered('fields', id, params);
      const base = text(`fields ${params.variant}`);
      const usage = { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 3, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };
      switch (params.variant) {
        case 'structured': return { ...base, details: { v: 1 }, structuredContent: { a: 1 }, somethingElse: true } as never;
        case 'added': return { ...base, addedToolNames: ['alpha', 'beta'] };
        case 'emptyAdded': return { ...base, addedToolNames: [] };
        case 'stringAdded': return { ...base, addedToolNames: 'xy' } as never;
        case 'lengthZero': return { ...base, addedToolNames: { length: 0 } } as never;
        case 'noContent': return { details: { bare: true } } as never;
        case 'isError': return { ...base, isError: true } as never;
        case 'usage': return { ...base, usage };
        case 'terminateYes': return { ...base, terminate: 'yes' } as never;
        default: return base;
      }
    },
  };
  const prep: AgentTool<any> = {
    name: 'prep', label: 'Prep', description: 'Renames txt to text before validation.',
    parameters: Type.Object({ text: Type.String() }),
    prepareArguments(args: any) {
      log(`prepare prep ${logJson(args)}`);
      if (args && typeof args === 'object' && 'txt' in args) return { text: args.txt };
      return args;
    },
    async execute(id: string, params: any) { entered('prep', id, params); return text(`prep ${params.text}`); },
  };
  const prepThrow: AgentTool<any> = {
    name: 'prep_throw', label: 'Prep throw', description: 'prepareArguments throws.',
    parameters: Type.Object({ text: Type.String() }),
    prepareArguments() { throw new Error('cannot prepare these arguments'); },
    async execute(id: string, params: any) { entered('prep_throw', id, params); return text('unreachable'); },
  };
  const prepAsync: AgentTool<any> = {
    name: 'prep_async', label: 'Prep async', description: 'prepareArguments returns a Promise.',
    parameters: Type.Object({ text: Type.String() }),
    prepareArguments(args: any) { return Promise.resolve(args) as never; },
    async execute(id: string, params: any) { entered('prep_async', id, params); return text('unreachable'); },
  };
  const prepSame: AgentTool<any> = {
    name: 'prep_same', label: 'Prep same', description: 'prepareArguments mutates and returns its argument.',
    parameters: Type.Object({ text: Type.String() }),
    prepareArguments(args: any) { if (args && typeof args === 'object') args.text = `${args.text ?? ''}!`; return args; },
    async execute(id: string, params: any) { entered('prep_same', id, params); return text(`same ${params.text}`); },
  };
  const optional: AgentTool<any> = {
    name: 'optional', label: 'Optional', description: 'Optional fields and nested objects.',
    parameters: Type.Object({
      req: Type.String(),
      opt: Type.Optional(Type.String()),
      nested: Type.Optional(Type.Object({ x: Type.Optional(Type.Number()) })),
    }),
    async execute(id: string, params: any) { entered('optional', id, params); return { ...text('optional ok'), details: params }; },
  };

  return {
    echo,
    sleep: sleepTool('sleep', true),
    sleep_stubborn: sleepTool('sleep_stubborn', false),
    seq: sleepTool('seq', true, 'sequential'),
    par: sleepTool('par', true, 'parallel'),
    typed, fail, fail_string: failString, terminate, progress, fields,
    prep, prep_throw: prepThrow, prep_async: prepAsync, prep_same: prepSame, optional,
  } satisfies Record<string, AgentTool<any>>;
}

export type ToolKit = ReturnType<typeof createToolKit>;
