// Benchmark of recording one long answer in Node: a 1 MB text streamed one token (4 characters) per chunk, about
// 262,000 chunks and twice as many pi events, each snapshotted by the recorder. Reports the wall time, the events,
// the heap after the run and the time spent in garbage collection (PerformanceObserver on 'gc').
import { cpus, loadavg } from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { VirtualClock } from '../src/engine/index.ts';
import { parseScenario } from '../src/recording/scenario/parse/index.ts';
import { recordScenario } from '../src/recording/recorder/index.ts';

const CHARS = 1024 * 1024;
const TEXT = 'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(CHARS / 45)).slice(0, CHARS);
const SCENARIO = { prompt: 'Say a lot.', timing: { tokenSize: 1 }, turns: [{ content: TEXT }] };
const ROUNDS = Number(process.env.LONG_STREAM_ROUNDS ?? 2);

export async function run(): Promise<void> {
  const parsed = parseScenario(JSON.stringify(SCENARIO));
  if (!parsed.ok) throw new Error(parsed.errors[0].message);
  console.log(`long stream: a ${(CHARS / 1024 / 1024).toFixed(0)} MB answer, one token per chunk, recorded in Node (load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores)`);
  for (let round = 0; round < ROUNDS; round++) {
    let gcMs = 0;
    const observer = new PerformanceObserver((list) => { for (const entry of list.getEntries()) gcMs += entry.duration; });
    observer.observe({ entryTypes: ['gc'] });
    const started = performance.now();
    const recording = await recordScenario(parsed.scenario, { id: 'long', clock: new VirtualClock(), tools: [] }).finished;
    const ms = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 0)); // let the observer deliver
    observer.disconnect();
    const heap = process.memoryUsage().heapUsed / 1024 / 1024;
    console.log(`  round ${round + 1}: ${(ms / 1000).toFixed(1)} s, ${recording.events.length} events (${recording.status}), gc ${(gcMs / 1000).toFixed(1)} s, heap after ${heap.toFixed(0)} MB`);
  }
}
