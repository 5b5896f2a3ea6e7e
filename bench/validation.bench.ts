// Benchmark: our validateToolArguments against pi-ai 0.85.1's on the same schemas and arguments (valid, coerced
// and invalid; TypeBox-built and plain JSON Schema). Prints ops/s for each side and the ratio ours/pi.
import { Type } from 'typebox';
import { validateToolArguments as piValidate } from '@earendil-works/pi-ai';
import { validateToolArguments } from '../src/ai/validation/index.ts';
import type { Tool, ToolCall } from '../src/ai/index.ts';

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

// Batches of calls alternate between pi and ours, so a load spike on a shared machine hits both sides alike;
// each side's rate is taken from the median batch.
const BATCH_MS = 2;
const SIDE_MS = 400;

function runBatch(validate: Validate, tool: Tool, call: ToolCall, size: number): number {
  const start = performance.now();
  for (let i = 0; i < size; i++) {
    try {
      validate(tool, call);
    } catch {
      // invalid cases throw by design
    }
  }
  return performance.now() - start;
}

/** Calls per batch so that one batch of the slower side takes about BATCH_MS. */
function calibrate(tool: Tool, call: ToolCall): number {
  let size = 8;
  while (size < 1 << 16) {
    const slowest = Math.max(runBatch(piValidate, tool, call, size), runBatch(validateToolArguments, tool, call, size));
    if (slowest >= BATCH_MS) break;
    size *= 2;
  }
  return size;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US').padStart(10);

export async function run(): Promise<void> {
  console.log(`validation: ours vs pi-ai 0.85.1 validateToolArguments (alternating ${BATCH_MS} ms batches, ${SIDE_MS} ms a side, median batch)`);
  const ratios: number[] = [];
  for (const [label, parameters, args] of CASES) {
    const tool = { name: 'edit', description: '', parameters } as Tool;
    const call = { type: 'toolCall', id: 'c1', name: 'edit', arguments: args } as ToolCall;
    const size = calibrate(tool, call); // also warms up and compiles each side's validator
    const pi: number[] = [];
    const ours: number[] = [];
    let piTotal = 0;
    let oursTotal = 0;
    while (piTotal < SIDE_MS || oursTotal < SIDE_MS) {
      const first = pi.length % 2 === 0;
      const a = runBatch(first ? piValidate : validateToolArguments, tool, call, size);
      const b = runBatch(first ? validateToolArguments : piValidate, tool, call, size);
      pi.push(first ? a : b);
      ours.push(first ? b : a);
      piTotal += first ? a : b;
      oursTotal += first ? b : a;
    }
    const piRate = (size / median(pi)) * 1000;
    const oursRate = (size / median(ours)) * 1000;
    const ratio = oursRate / piRate;
    ratios.push(ratio);
    console.log(`  ${label.padEnd(30)} pi ${fmt(piRate)} ops/s   ours ${fmt(oursRate)} ops/s   ours/pi ${ratio.toFixed(2)}x`);
  }
  const geomean = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
  console.log(`  ${'geometric mean'.padEnd(30)} ours/pi ${geomean.toFixed(2)}x`);
}
