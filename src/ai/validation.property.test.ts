// Differential property test: over generated schemas (TypeBox-built and plain JSON Schema) and generated
// arguments, our validateToolArguments must return the same value or throw the same message as pi 0.85.1's.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { validateToolArguments as piValidate } from '@earendil-works/pi-ai';
import { inspectToolArguments, validateToolArguments } from './validation/index.ts';
import { outcomeOf } from './testing/validation-outcome.ts';
import { rootArb, toPlain, toTypeBox, valueFor, type Node } from './testing/schema-arbitraries.ts';
import type { Tool, ToolCall } from './types.ts';

const RUNS = 2500;
// Now and then two properties share one object, which the clone must keep shared (as structuredClone does).
const caseArb = rootArb.chain((node) =>
  fc.tuple(fc.constant(node), fc.tuple(valueFor(node), fc.integer({ min: 0, max: 9 })).map(([args, dice]) => (dice === 0 ? share(args) : args))),
);

function share(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  const record = args as Record<string, unknown>;
  const objectKeys = Object.keys(record).filter((k) => typeof record[k] === 'object' && record[k] !== null);
  if (objectKeys.length >= 2) record[objectKeys[1]!] = record[objectKeys[0]!];
  return args;
}

function checkAgreement(parameters: unknown, args: unknown): void {
  const before = structuredClone(args);
  const theirs = outcomeOf(piValidate, parameters, args);
  const ours = outcomeOf(validateToolArguments, parameters, args);
  expect(ours).toStrictEqual(theirs);
  // The caller's arguments are never touched.
  expect(args).toStrictEqual(before);
  // The inspector tells the same story.
  const inspection = inspectToolArguments(
    { name: 'probe', description: '', parameters } as Tool,
    { type: 'toolCall', id: 'call_1', name: 'probe', arguments: args } as ToolCall,
  );
  expect(inspection.ok).toBe(ours.ok);
  if (ours.ok) expect(inspection.value).toStrictEqual(ours.value);
  else expect(inspection.message).toBe(ours.message);
}

describe('validateToolArguments matches pi on generated schemas and arguments', () => {
  it('TypeBox-built schemas', () => {
    fc.assert(fc.property(caseArb, ([node, args]: [Node, unknown]) => checkAgreement(toTypeBox(node), args)), { numRuns: RUNS });
  });

  it('plain JSON Schema', () => {
    fc.assert(fc.property(caseArb, ([node, args]: [Node, unknown]) => checkAgreement(toPlain(node), args)), { numRuns: RUNS });
  });
});
