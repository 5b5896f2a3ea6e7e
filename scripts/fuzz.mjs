#!/usr/bin/env node
// The long mode of the loop's differential fuzzer (src/engine/testing/fuzz): generated scenarios through
// pi-agent-core 0.85.1's loop and ours, compared event by event, with progress lines and a final report.
// Usage: npm run fuzz -- [--seed N] [--count N] [--from K] [--only K] [--max-divergences N] [--progress N]
// Scenario K depends on (seed, K) alone, so a long run can be split into chunks with --from and --count.
// TypeScript loads through Vite's module runner, as in scripts/bench.mjs; pi loads natively.
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`--${name} needs a whole number, got ${args[at + 1] ?? 'nothing'}`);
    process.exit(2);
  }
  return value;
};
const known = new Set(['--seed', '--count', '--from', '--only', '--max-divergences', '--progress']);
const unknown = args.filter((arg, i) => arg.startsWith('--') && !known.has(arg) && !known.has(args[i - 1]));
if (unknown.length > 0) {
  console.error(`unknown option ${unknown.join(', ')}; usage: npm run fuzz -- [--seed N] [--count N] [--from K] [--only K] [--max-divergences N] [--progress N]`);
  process.exit(2);
}

const { createServer, createServerModuleRunner } = await import('vite');
const server = await createServer({
  root, configFile: false, logLevel: 'error', appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
});
const runner = createServerModuleRunner(server.environments.ssr, { hmr: false });
let exitCode = 0;
try {
  const piCore = await import('@earendil-works/pi-agent-core');
  const piAi = await import('@earendil-works/pi-ai/compat');
  const ours = await runner.import(resolve(root, 'src/engine/index.ts'));
  const fuzz = await runner.import(resolve(root, 'src/engine/testing/fuzz/fuzzer.ts'));
  const pick = (m) => ({ runAgentLoop: m.runAgentLoop, runAgentLoopContinue: m.runAgentLoopContinue, agentLoop: m.agentLoop, agentLoopContinue: m.agentLoopContinue });
  const host = { register: (options) => piAi.registerFauxProvider(options), streamSimple: piAi.streamSimple };
  const seed = option('seed', fuzz.DEFAULT_FUZZ_SEED);
  const count = option('count', 100_000);
  const only = args.includes('--only') ? option('only', 0) : undefined;
  const from = option('from', 0);
  const progressEvery = option('progress', 5000);
  console.log(`node ${process.version}; seed ${seed}, ${only !== undefined ? `scenario ${only}` : `scenarios ${from}..${from + count - 1}`}`);
  const report = await fuzz.runFuzz(pick(piCore), pick(ours), host, {
    seed, count, from, only, progressEvery, maxDivergences: option('max-divergences', 1),
    onProgress: (r) => console.log(`  ${fuzz.formatReport(r)}`),
  });
  for (const divergence of report.divergences) console.log(`\n${fuzz.formatDivergence(divergence)}`);
  console.log(`\n${fuzz.formatReport(report)}`);
  if (report.divergences.length > 0) exitCode = 1;
} finally {
  await runner.close();
  await server.close();
}
process.exit(exitCode);
