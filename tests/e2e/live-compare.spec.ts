// Two live runs against the provider stand-in, with two models, compared on one timeline: each is saved as a
// scenario naming its model, a replay's messages carry that model's name as the live run's did, and compare mode
// shows the selected run beside the other one on a shared time axis, each lane labelled with its model. A run
// refused with a 401 before the model said anything leaves no scenario behind.
import { expect, test, type Page } from '@playwright/test';
import { startProviderStandIn, toolThenAnswer, type ProviderStandIn } from '../support/provider-stand-in/index.ts';
import { seriousViolations } from './axe-scan.ts';
import { openApp } from './support.ts';

let standIn: ProviderStandIn;
test.beforeAll(async () => {
  standIn = await startProviderStandIn();
  standIn.setScript('weather-quick', toolThenAnswer('get_weather', { city: 'Paris' }, 'Sunny in Paris.'));
  // The slower model thinks a while before each reply: its lane is visibly longer on the shared axis.
  const slow = toolThenAnswer('get_weather', { city: 'Paris' }, 'It is 8°C and sunny in Paris, with a light wind.');
  standIn.setScript('weather-slow', slow.map((reply) => ({ ...reply, holdMs: 600 })));
});
test.afterAll(() => standIn.close());

const KEY = `sk-compare-e2e-${Date.now().toString(36)}`;

async function runLive(page: Page, model: string): Promise<string> {
  await page.getByTestId('view-tab-scenario').click();
  const summary = page.getByTestId('live-summary');
  if (!(await page.getByTestId('live-run').isVisible())) await summary.click();
  await page.getByTestId('live-provider').selectOption('custom');
  await page.getByTestId('live-api').selectOption('openai-completions');
  await page.getByTestId('live-model').fill(model);
  await page.getByTestId('live-base-url').fill(standIn.baseUrlFor('openai-completions'));
  await page.getByTestId('live-key').fill(KEY);
  await page.getByTestId('live-run').click();
  const status = page.getByTestId('live-status');
  await expect(status).not.toHaveAttribute('data-status', /idle|starting|running/, { timeout: 30_000 });
  return (await status.getAttribute('data-status')) ?? '';
}

/** The last assistant message of the shown recording, as the event log shows it (the row and its message opened). */
async function lastAssistantInLog(page: Page): Promise<string> {
  await page.getByTestId('view-tab-events').click();
  const rows = page.locator('[data-testid="event-row"][data-type="message_end"]');
  await expect(rows.first()).toBeVisible();
  for (let i = (await rows.count()) - 1; i >= 0; i--) {
    const row = rows.nth(i);
    await row.getByTestId('event-row-toggle').click();
    const payload = row.getByTestId('event-row-payload');
    // The payload's deeper levels start folded; Expand all shows the message whole. Its lines are painted in the
    // next frame (lines out of view skip layout until then), so the text is read once the message's role shows.
    await payload.getByRole('button', { name: 'Expand all' }).click();
    await expect.poll(() => payload.innerText()).toMatch(/"role": /);
    const text = await payload.innerText();
    if (text.includes('"assistant"')) return text;
    await row.getByTestId('event-row-toggle').click();
  }
  throw new Error('no assistant message in the log');
}

const state = (page: Page) => page.evaluate(() => window.piPlayground!.getState());

test('two live runs with two models compared on one timeline, each lane named by its model; a 401 saves nothing', async ({ page }) => {
  await openApp(page);
  expect(await runLive(page, 'weather-quick')).toBe('done');
  const quick = (await state(page)).live!.scenarioId!;
  expect(quick).toBeTruthy();
  expect(await runLive(page, 'weather-slow')).toBe('done');
  const slow = (await state(page)).live!.scenarioId!;
  expect(slow).not.toBe(quick);
  expect((await state(page)).scenario?.id).toBe(slow);

  // The live run is shown to its end, its last answer in the log (not paused short of it).
  await expect.poll(async () => (await state(page)).status).toBe('ended');
  expect((await state(page)).shownEvents).toBe((await state(page)).totalEvents);
  // The saved file names its model; replaying it offline, the assistant's messages carry that name, as live.
  const livePayload = await lastAssistantInLog(page);
  expect(livePayload).toContain('It is 8°C and sunny in Paris, with a light wind.');
  expect(livePayload).toContain('"weather-slow"');
  const requests = standIn.requests.length;
  expect((await page.evaluate(() => window.piPlayground!.restart())).ok).toBe(true);
  expect((await state(page)).recordings.map((r) => r.label)).toEqual(['parallel']);
  expect((await page.evaluate(() => window.piPlayground!.seek(1e9))).ok).toBe(true); // the replay, shown to its end
  const replayPayload = await lastAssistantInLog(page);
  expect(replayPayload).toContain('It is 8°C and sunny in Paris, with a light wind.');
  // provider, api and model as the live run's message named them, not the scripted model's.
  // The JSON viewer's lines: `"provider": "openai",` (indented).
  const names = (text: string) => ['provider', 'api', 'model'].map((key) => new RegExp(`^\\s*"${key}": (.*?),?$`, 'm').exec(text)?.[1]);
  expect(names(replayPayload)).toEqual(names(livePayload));
  expect(names(replayPayload)).toEqual([expect.any(String), '"openai-completions"', '"weather-slow"']);
  expect(replayPayload).not.toContain('faux');
  expect(standIn.requests.length).toBe(requests);

  // Compare mode, then the other live run beside this one: one axis, two lanes, each labelled with its model.
  await page.getByTestId('view-tab-timeline').click();
  await page.getByTestId('transport-compare').click();
  await expect(page.getByTestId('run-total-sequential')).toBeVisible();
  const picker = page.getByTestId('transport-compare-with');
  await expect(picker.locator(`option[value="${quick}"]`)).toContainText('weather-quick');
  await expect(picker.locator(`option[value="${slow}"]`)).toHaveCount(0); // the selected one is not offered
  await picker.selectOption(quick);
  const transport = page.getByTestId('transport');
  await expect(transport).toHaveAttribute('data-compare-with', quick);
  await expect(page.getByTestId('run-total-weather-slow')).toBeVisible();
  await expect(page.getByTestId('run-total-weather-quick')).toBeVisible();
  await expect(transport).not.toHaveAttribute('data-state', 'recording');
  const compared = await state(page);
  expect(compared).toMatchObject({ compare: true, compareWith: quick, outOfDate: [] });
  expect(compared.recordings.map((r) => [r.label, r.status])).toEqual([['weather-slow', 'done'], ['weather-quick', 'done']]);
  const [slowRun, quickRun] = compared.recordings;
  expect(slowRun.durationMs).toBeGreaterThan(quickRun.durationMs + 600);
  await expect(page.getByTestId(`timeline-total-${slowRun.id}`)).toContainText('weather-slow —');
  await expect(page.getByTestId(`timeline-total-${quickRun.id}`)).toContainText('weather-quick —');
  await expect(page.getByTestId('timeline-area')).toBeVisible();
  expect(await seriousViolations(page, '[data-testid="timeline-panel"]')).toEqual([]);
  expect(standIn.requests.length).toBe(requests); // both are replays, offline

  // Back to parallel vs sequential, from the same picker.
  await picker.selectOption('');
  await expect(page.getByTestId('run-total-parallel')).toBeVisible();
  await expect(page.getByTestId('run-total-weather-quick')).toHaveCount(0);

  // A wrong key: the run ends with its error and hint, and no scenario is left behind.
  await page.getByTestId('view-tab-scenario').click();
  const before = await page.getByTestId('scenario-picker').locator('option').allTextContents();
  expect(await runLive(page, 'standin-401')).toBe('error');
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-hint', 'key');
  await expect(page.getByTestId('live-saved')).toHaveAttribute('data-saved', 'false');
  await expect(page.getByTestId('live-saved')).toContainText('nothing was saved');
  expect(await page.getByTestId('scenario-picker').locator('option').allTextContents()).toEqual(before);
  const after = await state(page);
  expect(after.scenario?.id).toBe(slow);
  expect(after.live).toMatchObject({ status: 'error', scenarioId: null });
  expect(JSON.stringify(after)).not.toContain(KEY);
});

test('setCompareWith refuses what it cannot compare with, by name', async ({ page }) => {
  await openApp(page);
  const answers = await page.evaluate(async () => {
    const api = window.piPlayground!;
    return [await api.setCompareWith('no-such-scenario'), await api.setCompareWith(7 as never), await api.setCompareWith(null)]
      .map((answer) => (answer.ok ? 'ok' : answer.error));
  });
  expect(answers[0]).toContain('no scenario with the id "no-such-scenario"');
  expect(answers[1]).toContain('setCompareWith needs');
  expect(answers[2]).toBe('ok');
});
