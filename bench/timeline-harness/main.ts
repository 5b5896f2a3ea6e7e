// A standalone page with the timeline and its details pane, for the benchmark and for looking at the drawing:
// ?case=showcase|tiny|small|medium|large|huge|empty (about 10, 100, 1,000, 10,000 and 100,000 events: tiny is the smallest
// run there is, one prompt answered in 18 events), ?theme=dark, ?cursor=<ms>, ?lang=zh-CN. window.timelineHarness drives it from scripts.
import { mount, flushSync, unmount } from 'svelte';
import { fileTool, largeScenario, recordScenario } from '../../src/recording/testing/layout-fixtures.ts';
import { layoutRecordings } from '../../src/recording/layout/index.ts';
import type { Recording } from '../../src/recording/index.ts';
import { i18n, isLocale, loadEnglishArea } from '../../src/ui/i18n/i18n.svelte.ts';
import '../../src/ui/global.css';
import Harness from './Harness.svelte';
import { showcaseScenario, showcaseHooks } from './showcase.ts';

const params = new URLSearchParams(location.search);
document.documentElement.dataset.theme = params.get('theme') === 'dark' ? 'dark' : 'light';
const lang = params.get('lang');
if (isLocale(lang)) i18n.set(lang);

async function recordingsFor(name: string): Promise<Recording[]> {
  // The answer streams slowly enough (300 ms) that there is room to zoom in.
  if (name === 'tiny') return [await recordScenario({ ...largeScenario(0, 0), timing: { tokenSize: 4, tokensPerSecond: 10 } }, { id: 'tiny', label: 'parallel' })];
  if (name === 'small') return [await recordScenario(largeScenario(1, 3), { id: 'small', label: 'parallel' })];
  if (name === 'medium') return [await recordScenario(largeScenario(5, 9), { id: 'medium', label: 'parallel' })];
  if (name === 'large') return [await recordScenario(largeScenario(46, 10), { id: 'large', label: 'parallel' })];
  if (name === 'huge') return [await recordScenario(largeScenario(460, 10), { id: 'huge', label: 'parallel' })];
  if (name === 'empty') return [];
  const tools = (env: Parameters<typeof fileTool>[0]) => [fileTool(env)];
  return [
    await recordScenario(showcaseScenario('parallel'), { id: 'par', label: 'parallel', hooks: showcaseHooks, tools }),
    await recordScenario(showcaseScenario('sequential'), { id: 'seq', label: 'sequential', hooks: showcaseHooks, tools }),
  ];
}

declare global {
  interface Window {
    timelineHarness: {
      ready: Promise<void>;
      /** Mounts the timeline for `recordings` and resolves after the first frame that shows it (ms taken). */
      remount(recordings: Recording[]): Promise<number>;
      recordings: Recording[];
      layoutRecordings: typeof layoutRecordings;
      nextPaint: () => Promise<void>;
    };
  }
}

const target = document.getElementById('app')!;
let app: ReturnType<typeof mount> | undefined;

function nextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  }));
}

async function remount(recordings: Recording[]): Promise<number> {
  if (app) unmount(app);
  target.textContent = '';
  const cursor = params.get('cursor');
  const started = performance.now();
  app = mount(Harness, { target, props: { recordings, initialCursorMs: cursor === null ? Infinity : Number(cursor) } });
  flushSync();
  await nextPaint();
  return performance.now() - started;
}

window.timelineHarness = {
  recordings: [],
  remount,
  layoutRecordings,
  nextPaint,
  // The timeline's words are a deferred area (the app loads them with its panels): without them it shows bare keys.
  ready: Promise.all([recordingsFor(params.get('case') ?? 'showcase'), loadEnglishArea('timeline')]).then(async ([recordings]) => {
    window.timelineHarness.recordings = recordings;
    await remount(recordings);
    document.body.dataset.ready = 'true';
  }),
};
