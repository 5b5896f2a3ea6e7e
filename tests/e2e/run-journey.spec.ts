// Running scenarios: open the "parallel vs sequential" example, play it, stop at validation, step through, compare
// both timelines and their totals, look at a span, filter the event log, export the trace in both formats.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { openApp } from './support.ts';
import { seriousViolations } from './axe-scan.ts';

const transport = (page: Page) => page.getByTestId('transport');

async function download(page: Page, testid: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testid).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

test('parallel vs sequential: play, stop at validation, step, compare totals, inspect a span, filter and export', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('view-tab-scenario').click();
  await page.getByTestId('scenario-new').click();
  await page.getByTestId('scenario-new-parallel-vs-sequential').click();
  await expect(page.getByTestId('scenario-picker').locator('option:checked')).toHaveText('Parallel vs sequential');
  await expect(page.getByTestId('scenario-status')).toHaveAttribute('data-status', 'valid');

  // Play records the scenario against the sandboxed starter tools and plays it back.
  await page.getByTestId('transport-compare').click();
  await page.getByTestId('transport-play').click();
  await expect(transport(page)).toHaveAttribute('data-state', /recording|playing/);
  await page.getByTestId('transport-play').click();
  await expect(transport(page)).toHaveAttribute('data-state', /paused|ended/);

  // Back to the start, then phase by phase until the first call is being validated.
  await page.getByTestId('transport-scrubber').fill('0');
  for (let i = 0; i < 4 && (await transport(page).getAttribute('data-phase')) !== 'validate'; i++) {
    await page.getByTestId('transport-step-phase').click();
  }
  await expect(transport(page)).toHaveAttribute('data-phase', 'validate');
  await expect(page.getByTestId('transport-phase')).toContainText('fetch');
  // Step through: one event a click (several happen at the same clock time, so the time may stay put).
  const shown = Number(await transport(page).getAttribute('data-shown'));
  for (let i = 0; i < 6; i++) await page.getByTestId('transport-step').click();
  await expect(transport(page)).toHaveAttribute('data-shown', String(shown + 6));
  await expect(transport(page)).toHaveAttribute('data-state', 'paused');

  // Both runs on one scale: two 2-second tools take about 2 s side by side and about 4 s one after the other.
  await page.getByTestId('view-tab-timeline').click();
  const parallel = Number(await page.getByTestId('run-total-parallel').getAttribute('data-duration-ms'));
  const sequential = Number(await page.getByTestId('run-total-sequential').getAttribute('data-duration-ms'));
  expect(parallel).toBeGreaterThanOrEqual(2000);
  expect(parallel).toBeLessThan(3500);
  expect(sequential - parallel).toBeGreaterThanOrEqual(1900);
  expect(sequential - parallel).toBeLessThanOrEqual(2100);
  await expect(page.getByTestId('run-total-parallel')).toContainText('s');

  // A span of the timeline shows what that phase saw.
  await page.getByTestId('transport-scrubber').fill('100000');
  await page.getByTestId('timeline-span-fib-execute').first().click();
  await expect(page.getByTestId('span-details')).toHaveAttribute('data-phase', 'execute');
  await expect(page.getByTestId('span-details')).toContainText('fib(30) = 832040');

  // The event log: only the events of the fib call.
  await page.getByTestId('view-tab-events').click();
  await page.getByTestId('events-call').selectOption('fib');
  const types = await page.getByTestId('event-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-type')));
  expect(types).toContain('tool_execution_start');
  expect(types).toContain('tool_execution_end');
  expect(types).not.toContain('agent_start');
  await expect(page.getByTestId('event-row').filter({ hasText: 'tool_execution_end' }).first()).toContainText('fib(30) = 832040');

  // Export the selected recording in both formats.
  await page.getByTestId('view-tab-timeline').click();
  const json = await download(page, 'run-export-json');
  expect(json.name).toMatch(/\.json$/);
  const recording = JSON.parse(json.text) as { format: string; recording: { label: string; events: { event: { type: string } }[] } };
  expect(recording.format).toBe('pi-playground-recording');
  expect(recording.recording.events.some((e) => e.event.type === 'tool_execution_end')).toBe(true);
  const chrome = await download(page, 'run-export-chrome');
  expect(chrome.name).toMatch(/\.trace\.json$/);
  const trace = JSON.parse(chrome.text) as { traceEvents: { ph: string; name: string; dur?: number; args?: { name?: string } }[] };
  expect(trace.traceEvents.some((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name?.startsWith('slow_compute fib'))).toBe(true);
  const execute = trace.traceEvents.filter((e) => e.ph === 'X' && e.name === 'execute');
  expect(execute).toHaveLength(2);
  expect(execute.every((e) => e.dur === 2_000_000)).toBe(true);
  const otlp = await download(page, 'run-export-otlp');
  expect(otlp.name).toMatch(/\.otlp\.json$/);
  const otel = JSON.parse(otlp.text) as { resourceSpans: { schemaUrl: string; scopeSpans: { spans: { name: string; startTimeUnixNano: string; endTimeUnixNano: string }[] }[] }[] };
  expect(otel.resourceSpans[0].schemaUrl).toBe('https://opentelemetry.io/schemas/1.37.0');
  const spans = otel.resourceSpans[0].scopeSpans[0].spans;
  expect(spans.filter((s) => s.name === 'invoke_agent pi')).toHaveLength(1);
  const executes = spans.filter((s) => s.name === 'execute');
  expect(executes).toHaveLength(2);
  expect(executes.every((s) => BigInt(s.endTimeUnixNano) - BigInt(s.startTimeUnixNano) === 2_000_000_000n)).toBe(true);
  expect(spans.some((s) => s.name === 'execute_tool slow_compute')).toBe(true);

  // Restart records again from a clean state: the same run, to the millisecond.
  await page.getByTestId('transport-restart').click();
  await expect(transport(page)).toHaveAttribute('data-state', /paused|ended|playing/);
  await expect(page.getByTestId('run-total-parallel')).toHaveAttribute('data-duration-ms', String(parallel));
  await expect(page.getByTestId('run-total-sequential')).toHaveAttribute('data-duration-ms', String(sequential));
});

test('an unknown tool plays out as pi does: "Tool search_web not found" while the other call runs', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('view-tab-scenario').click();
  await page.getByTestId('scenario-picker').selectOption('example-unknown-tool');
  await page.getByTestId('transport-speed').selectOption('8');
  await page.getByTestId('transport-play').click();
  await expect(transport(page)).toHaveAttribute('data-state', 'ended', { timeout: 15_000 });
  await page.getByTestId('view-tab-events').click();
  await page.getByTestId('events-call').selectOption('search');
  await expect(page.getByTestId('event-row').filter({ hasText: 'tool_execution_end' })).toContainText('search_web search: Tool search_web not found');
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the scenario, timeline and events panels pass axe in the ${colorScheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await openApp(page);
    const serious = () => seriousViolations(page, '[data-testid="views"]');
    await page.getByTestId('view-tab-scenario').click();
    await expect(page.getByTestId('scenario-form')).toBeVisible();
    expect(await serious()).toEqual([]);
    await page.getByTestId('transport-step').click();
    await expect(transport(page)).toHaveAttribute('data-state', 'paused');
    await page.getByTestId('transport-scrubber').fill('100000');
    await page.getByTestId('view-tab-timeline').click();
    expect(await serious()).toEqual([]);
    await page.getByTestId('view-tab-events').click();
    await page.getByTestId('event-row-toggle').nth(3).click();
    expect(await serious()).toEqual([]);
  });
}
