// Benchmark: our validateToolArguments against pi-ai 0.85.1's on the same schemas and arguments (valid, coerced
// and invalid; TypeBox-built and plain JSON Schema). Runs the two alternately in several timed rounds and prints
// the median ops/s of each and the ratio ours/pi.
import { Type } from 'typebox';
import { validateToolArguments as piValidate } from '@earendil-works/pi-ai';
import { validateToolArguments } from '../src/core/validation.ts';
import type { Tool, ToolCall } from '../src/core/types.ts';

type Validate = (tool: Tool, toolCall: ToolCall) => unknown;

const editTypeBox = Type.Object({
  path: Type.String({ description: 'File to edit' }),
  edits: Type.Array(Type.Object({ oldText: Type.String(), newText: Type.String() }), { minItems: 1 }),
  dryRun: Type.Optional(Type.Boolean()),
  mode: Type.Optional(Type.Union([Type.Literal('replace'), Type.Literal('append')])),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
});
const editPlain = JSON.parse(JSON.stringify(editTypeBox)) as Tool['parameters'];
const small = Type.Object({ count: Type.Integer({ minimum: 1 }), flag: Type.Boolean(), name: Type.String({ pattern: '^[a-z]+$' }) });
const smallPlain = JSON.parse(JSON.stringify(small)) as Tool['parameters'];

const edits = [{ oldText: 'foo', newText: 'bar' }, { oldText: 'a', newText: 'b' }];
const CASES: [string, Tool['parameters'], unknown][] = [
  ['typebox small, valid', small, { count: 3, flag: true, name: 'abc' }],
  ['typebox small, coerced', small, { count: '4.9', flag: 'TRUE', name: 'abc' }],
  ['typebox small, invalid', small, { count: 'x', flag: 'maybe' }],
  ['typebox edit, valid', editTypeBox, { path: 'src/a.ts', edits, mode: 'replace', limit: 10 }],
  ['typebox edit, nulls+coerced', editTypeBox, { path: 'src/a.ts', edits, dryRun: null, limit: '10' }],
  ['typebox edit, invalid', editTypeBox, { path: 3, edits: [], mode: 'x' }],
  ['plain small, valid', smallPlain, { count: 3, flag: true, name: 'abc' }],
  ['plain small, coerced', smallPlain, { count: '4', flag: 'true', name: 'abc' }],
  ['plain small, invalid', smallPlain, { count: 'x', flag: 'maybe' }],
  ['plain edit, valid', editPlain, { path: 'src/a.ts', edits, mode: 'replace', limit: 10 }],
  ['plain edit, invalid', editPlain, { path: 3, edits: [], mode: 'x' }],
];

const ROUNDS = 7;
const ROUND_MS = 60;

function opsPerSecond(validate: Validate, tool: Tool, call: ToolCall): number {
  let ops = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ROUND_MS) {
    for (let i = 0; i < 200; i++) {
      try {
        validate(tool, call);
      } catch {
        // invalid cases throw by design
      }
    }
    ops += 200;
    elapsed = performance.now() - start;
  }
  return (ops / elapsed) * 1000;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(10);

export async function run(): Promise<void> {
  console.log(`validation: ours vs pi-ai 0.85.1 validateToolArguments, median of ${ROUNDS} alternating rounds of ${ROUND_MS} ms`);
  const ratios: number[] = [];
  for (const [label, parameters, args] of CASES) {
    const tool = { name: 'edit', description: '', parameters } as Tool;
    const call = { type: 'toolCall', id: 'c1', name: 'edit', arguments: args } as ToolCall;
    opsPerSecond(piValidate, tool, call); // warm-up, also compiles each side's validator
    opsPerSecond(validateToolArguments, tool, call);
    const pi: number[] = [];
    const ours: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // Alternate which side goes first so drift in machine load hits both.
      if (round % 2 === 0) {
        pi.push(opsPerSecond(piValidate, tool, call));
        ours.push(opsPerSecond(validateToolArguments, tool, call));
      } else {
        ours.push(opsPerSecond(validateToolArguments, tool, call));
        pi.push(opsPerSecond(piValidate, tool, call));
      }
    }
    const ratio = median(ours) / median(pi);
    ratios.push(ratio);
    console.log(`  ${label.padEnd(30)} pi ${fmt(median(pi))} ops/s   ours ${fmt(median(ours))} ops/s   ours/pi ${ratio.toFixed(2)}x`);
  }
  const geomean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`  ${'geometric mean'.padEnd(30)} ours/pi ${geomean.toFixed(2)}x`);
}
