// Tool results that are not plain objects, for differential tests: undefined, null, primitives, arrays, objects
// whose getters log (or throw) when read, Proxies whose traps log, results missing content or details. Each
// value is built fresh per call around a side log, so the order in which a loop reads a result is compared.
import type { AgentToolResult } from '../types.ts';

export const ODD_RESULT_KINDS = [
  'undefined', 'null', 'zero', 'number', 'string', 'true', 'array', 'arrayWithFields', 'getters', 'throwingContent',
  'throwingDetails', 'throwingUsage', 'throwingAddedToolNames', 'throwingTerminate', 'proxy', 'throwingProxy',
  'noContent', 'noDetails', 'empty', 'nullContent', 'addedToolNames', 'emptyAddedToolNames', 'usage', 'terminate',
  'inherited', 'frozen', 'thenableless',
] as const;
export type OddResultKind = (typeof ODD_RESULT_KINDS)[number];

const content = (label: string) => [{ type: 'text' as const, text: `${label} result` }];
const USAGE = { input: 1, output: 2, cacheRead: 0, cacheWrite: 0, totalTokens: 3, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } };

/** An object whose listed fields are getters that log each read as `get <label>.<field>`; `throwing` throws. */
function loggingGetters(label: string, log: (line: string) => void, fields: Record<string, unknown>, throwing?: string): object {
  const target = {};
  for (const [key, value] of Object.entries(fields)) {
    Object.defineProperty(target, key, {
      enumerable: true,
      configurable: true,
      get() {
        log(`get ${label}.${key}`);
        if (key === throwing) throw new Error(`${label}.${key} getter broke`);
        return value;
      },
    });
  }
  return target;
}

/** A Proxy over `fields` whose traps log; with `throwingKey` the get trap throws for that key. */
function loggingProxy(label: string, log: (line: string) => void, fields: Record<string, unknown>, throwingKey?: string): object {
  const name = (key: PropertyKey) => (typeof key === 'symbol' ? key.toString() : key);
  return new Proxy({ ...fields }, {
    get(target, key, receiver) {
      log(`proxy ${label} get ${name(key)}`);
      if (key === throwingKey) throw new TypeError(`${label} proxy refused ${name(key)}`);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) { log(`proxy ${label} has ${name(key)}`); return Reflect.has(target, key); },
    ownKeys(target) { log(`proxy ${label} ownKeys`); return Reflect.ownKeys(target); },
    getOwnPropertyDescriptor(target, key) {
      log(`proxy ${label} descriptor ${name(key)}`);
      return Reflect.getOwnPropertyDescriptor(target, key);
    },
    getPrototypeOf(target) { log(`proxy ${label} getPrototypeOf`); return Reflect.getPrototypeOf(target); },
  });
}

/** The value an execute resolves with for `kind`; `label` names it in logs and texts. */
export function oddResult(kind: OddResultKind, label: string, log: (line: string) => void): AgentToolResult<any> {
  const fields = { content: content(label), details: { label }, usage: USAGE, addedToolNames: ['echo'], terminate: false };
  const value: unknown = (() => {
    switch (kind) {
      case 'undefined': return undefined;
      case 'null': return null;
      case 'zero': return 0;
      case 'number': return 42;
      case 'string': return `${label} as a string`;
      case 'true': return true;
      case 'array': return [{ type: 'text', text: `${label} in an array` }];
      case 'arrayWithFields': return Object.assign([1, 2], { content: content(label), addedToolNames: ['echo'] });
      case 'getters': return loggingGetters(label, log, fields);
      case 'throwingContent': return loggingGetters(label, log, fields, 'content');
      case 'throwingDetails': return loggingGetters(label, log, fields, 'details');
      case 'throwingUsage': return loggingGetters(label, log, fields, 'usage');
      case 'throwingAddedToolNames': return loggingGetters(label, log, fields, 'addedToolNames');
      case 'throwingTerminate': return loggingGetters(label, log, { ...fields, terminate: true }, 'terminate');
      case 'proxy': return loggingProxy(label, log, fields);
      case 'throwingProxy': return loggingProxy(label, log, fields, 'usage');
      case 'noContent': return { details: { label } };
      case 'noDetails': return { content: content(label) };
      case 'empty': return {};
      case 'nullContent': return { content: null, details: null, usage: null, addedToolNames: null };
      case 'addedToolNames': return { content: content(label), details: {}, addedToolNames: ['echo', 'sleep'] };
      case 'emptyAddedToolNames': return { content: content(label), details: {}, addedToolNames: [] };
      case 'usage': return { content: content(label), details: {}, usage: USAGE };
      case 'terminate': return { content: content(label), details: {}, terminate: true };
      case 'inherited': return Object.create({ content: content(label), details: { inherited: true } });
      case 'frozen': return Object.freeze({ content: Object.freeze(content(label)), details: Object.freeze({ label }) });
      case 'thenableless': return { content: content(label), details: {}, then: undefined };
    }
  })();
  return value as AgentToolResult<any>;
}
