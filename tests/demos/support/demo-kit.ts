// What a demo script is and what it may use: the page, the automation contract's window API (through a typed
// client), screenshots numbered in order, and pauses for viewers that only happen while a video is recorded.
// Demo scripts use nothing else of the app: URL parameters, window.piPlayground and documented test ids.
import type { Page } from '@playwright/test';
import type { ActionResult, PlaygroundState, WaitCondition, WaitResult } from '../../../src/automation/index.ts';
import type { PiPlaygroundApi } from '../../../src/ui/automation/window-api.ts';

type Method = Exclude<keyof PiPlaygroundApi, 'version'>;
type Args<M extends Method> = PiPlaygroundApi[M] extends (...args: infer A) => unknown ? A : never;
type Answer<M extends Method> = PiPlaygroundApi[M] extends (...args: never[]) => infer R ? Awaited<R> : never;
type ActionMethod = { [M in Method]: Answer<M> extends ActionResult ? M : never }[Method];

/** Calls window.piPlayground in the page. */
export async function callApi<M extends Method>(page: Page, method: M, ...args: Args<M>): Promise<Answer<M>> {
  return page.evaluate(
    ({ method, args }) => (window.piPlayground as unknown as Record<string, (...a: unknown[]) => unknown>)[method](...args),
    { method, args: args as unknown[] },
  ) as Promise<Answer<M>>;
}

export interface DemoApi {
  /** Performs an action; a refusal (`ok: false`) fails the demo with its reason. */
  act<M extends ActionMethod>(method: M, ...args: Args<M>): Promise<PlaygroundState>;
  waitFor(condition: WaitCondition, timeoutMs?: number): Promise<WaitResult>;
  whenIdle(timeoutMs?: number): Promise<PlaygroundState>;
  state(): Promise<PlaygroundState>;
}

export function createDemoApi(page: Page): DemoApi {
  return {
    async act(method, ...args) {
      const answer = (await callApi(page, method, ...args)) as ActionResult;
      if (!answer.ok) throw new Error(`piPlayground.${method}(${JSON.stringify(args).slice(1, -1)}) refused: ${answer.error}`);
      return answer.state;
    },
    waitFor: (condition, timeoutMs = 60_000) => callApi(page, 'waitFor', condition, { timeoutMs }),
    async whenIdle(timeoutMs = 60_000) {
      const result = await callApi(page, 'whenIdle', { timeoutMs });
      if (!result.ok) throw new Error(`piPlayground.whenIdle() timed out in state ${result.state.status}`);
      return result.state;
    },
    state: () => callApi(page, 'getState'),
  };
}

export interface DemoContext {
  page: Page;
  api: DemoApi;
  /** Saves a screenshot as the next numbered step (`03-<name>.png`); does nothing in the contract test. */
  shot(name: string): Promise<void>;
  /** Gives a video viewer time to read; no wait when no video is recorded (scripts never wait to synchronise). */
  linger(ms: number): Promise<void>;
}

export interface Demo {
  /** Folder name under demo-output/. */
  id: string;
  title: string;
  /** Where the demo opens, with its URL parameters. */
  url: string;
  run(demo: DemoContext): Promise<void>;
}

/** Opens the demo's URL and waits until the app and what the URL asked for are ready. */
export async function openDemo(page: Page, demo: Demo): Promise<DemoApi> {
  await page.goto(demo.url);
  await page.waitForFunction(() => window.piPlayground !== undefined);
  const api = createDemoApi(page);
  const ready = await api.waitFor('ready');
  if (!ready.ok) throw new Error('The app did not become ready');
  await api.whenIdle();
  return api;
}
