// The automation contract end to end: a link's URL parameters set up the app, the data attributes say what the
// run and each call are doing, and a demo script (the one `npm run demo` records) runs through the contract only.
import { expect, test, type Page } from '@playwright/test';
import { createDemoApi, openDemo, type Demo } from '../demos/support/demo-kit.ts';
import { tour } from '../demos/scripts/tour.ts';
import { validationRetry } from '../demos/scripts/validation-retry.ts';

/** Runs a demo script's contract calls without screenshots or pauses. */
async function runScript(page: Page, demo: Demo): Promise<string[]> {
  const api = await openDemo(page, demo);
  const shots: string[] = [];
  await demo.run({ page, api, shot: async (name) => { shots.push(name); }, linger: async () => {} });
  return shots;
}

test('URL parameters open a scenario stepped to a call\'s phase, in the asked theme, language, panel and layout', async ({ page }) => {
  await page.goto('/?scenario=parallel-vs-sequential&step=phase:fetch:execute&panel=timeline&theme=dark&lang=zh-CN&layout=editor:30,views:70&speed=4');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  const automation = page.getByTestId('automation');
  await expect(automation).toHaveAttribute('data-phase', 'execute');
  await expect(page.getByTestId('transport')).toHaveAttribute('data-phase', 'execute');
  await expect(page.getByTestId('transport')).toHaveAttribute('data-state', 'paused');
  await expect(page.getByTestId('run-call-fetch')).toHaveAttribute('data-phase', 'execute');
  await expect(page.getByTestId('run-call-fib')).toHaveAttribute('data-tool', 'slow_compute');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await expect(page.getByTestId('view-tab-timeline')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.getByTestId('app')).toHaveAttribute('data-layout', 'editor:30,views:70');
  await expect(page.getByTestId('transport-speed')).toHaveValue('4');
  const state = await createDemoApi(page).state();
  expect(state).toMatchObject({ status: 'paused', phase: 'execute', speed: 4, theme: 'dark', language: 'zh-CN', panel: 'timeline', problems: [] });
  expect(state.selection).toMatchObject({ callId: 'fetch', phase: 'execute' });
  await expect(automation).toHaveAttribute('data-shown', String(state.shownEvents));
});

test('parameters that are not understood are listed, and the rest still applies', async ({ page }) => {
  await page.goto('/?speed=3&panel=nowhere&lesson=no-such-lesson&focus=events');
  const api = createDemoApi(page);
  await page.waitForFunction(() => window.piPlayground !== undefined);
  const state = await api.whenIdle();
  expect(state.panel).toBe('events');
  expect(state.layout).toBe('focus:events');
  expect(state.problems).toEqual([
    'speed=3: expected one of 0.25, 0.5, 1, 2, 4, 8',
    'panel=nowhere: ignored: focus=events shows that panel',
    expect.stringMatching(/^lesson=no-such-lesson: unknown lesson "no-such-lesson" \(lessons: tools-in-the-loop, /),
  ]);
  // The views pane alone; "Show all panes" brings the tool list and the editor back.
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.getByTestId('layout-restore').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  expect((await api.state()).layout).toBeNull();
});

test('?theme= shows a theme for one page load without saving it, until the user chooses one', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/?theme=dark');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.goto('/?theme=dark');
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
  // Dark is shown, so the toggle's next step (system, here light) is what the user asked for; the URL forgets dark.
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(new URL(page.url()).searchParams.has('theme')).toBe(false);
});

test('the validation-retry demo runs through the contract alone: captions, quiz, timeline selections, event log', async ({ page }) => {
  test.setTimeout(90_000);
  const shots = await runScript(page, validationRetry);
  expect(shots).toEqual([
    'lesson', 'caption-invalid', 'caption-message', 'caption-ask-again', 'caption-corrected', 'caption-teach',
    'quiz', 'validate-fails', 'validate-passes', 'event-log',
  ]);
  const state = await createDemoApi(page).state();
  expect(state).toMatchObject({ status: 'ended', panel: 'events', layout: 'focus:events', lesson: { id: 'validation-and-retry', watched: true, completed: true } });
  expect(state.phaseByCall).toEqual({ call_1_1: 'done', call_2_2: 'done' });
  await expect(page.getByTestId('automation')).toHaveAttribute('data-lesson', 'validation-and-retry');
});

test('the tour demo runs through the contract alone: URL set-up, shortcuts overlay, a panel by its number, compare to the end', async ({ page }) => {
  test.setTimeout(90_000);
  const shots = await runScript(page, tour);
  expect(shots).toEqual(['stepped-to-execute', 'shortcuts', 'events-by-key', 'compare-ended']);
  const state = await createDemoApi(page).state();
  expect(state).toMatchObject({ status: 'ended', compare: true, panel: 'timeline', language: 'zh-CN' });
  expect(state.recordings.map((r) => r.label)).toEqual(['parallel', 'sequential']);
  expect(state.recordings[1].durationMs).toBeGreaterThan(state.recordings[0].durationMs + 1500);
});
