import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { i18n } from '../i18n/i18n.svelte.ts';
import { mountApp, waitFor, type MountedApp } from '../testing/mount-app.ts';

const mounted: MountedApp[] = [];
afterEach(async () => { while (mounted.length) await mounted.pop()!.destroy(); });

async function start(): Promise<MountedApp> {
  const app = await mountApp();
  mounted.push(app);
  return app;
}

const transport = () => document.querySelector<HTMLElement>('[data-testid="transport"]')!;
const rowsShown = () => [...document.querySelectorAll('[data-testid="event-row"]')].map((el) => el.getAttribute('data-type'));

async function openAndRecord(panel: 'scenario' | 'timeline' | 'events') {
  await page.getByTestId(`view-tab-${panel}`).click();
  await waitFor(() => document.querySelector('[data-testid="scenario-status"][data-status="valid"]') || panel !== 'scenario', 'the checker');
  await page.getByTestId('transport-step').click();
  await waitFor(() => transport().dataset.state === 'paused', 'a recording, paused on its first event');
}

describe('the out-of-date notice', () => {
  it('names what changed since the recording, in English and Chinese, and Play records anew', async () => {
    await start();
    await openAndRecord('timeline');
    await page.getByTestId('transport-auto-record').click(); // off: the notice stays until Play
    await expect.element(page.getByTestId('transport-stale')).not.toBeInTheDocument();
    await page.getByTestId('agent-settings-item').click();
    await page.getByTestId('tool-execution-sequential').click();
    const notice = page.getByTestId('transport-stale');
    await expect.element(notice).toHaveTextContent('Since this was recorded, the loop settings changed. Press Play to record it again.');
    await expect.element(notice).toHaveAttribute('data-reasons', 'settings');
    await i18n.set('zh-CN', { remember: false });
    await expect.element(notice).toHaveTextContent('录制之后，循环设置已更改。按“播放”重新录制。');
    await i18n.set('en', { remember: false });
    await page.getByTestId('transport-play').click();
    await waitFor(() => transport().dataset.state !== 'recording', 'the new recording', 10_000);
    await expect.element(notice).not.toBeInTheDocument();
  });
});

describe('the run panels', () => {
  it('records the selected scenario on Play and plays it to the end, in every panel that shows the transport', async () => {
    await start();
    await page.getByTestId('view-tab-scenario').click();
    await expect.element(page.getByTestId('scenario-picker')).toHaveValue('example-parallel-vs-sequential');
    await expect.element(page.getByTestId('transport')).toHaveAttribute('data-state', 'idle');
    await page.getByTestId('transport-speed').selectOptions('8');
    await page.getByTestId('transport-play').click();
    await waitFor(() => transport().dataset.state === 'ended', 'the end of the run', 10_000);
    await page.getByTestId('view-tab-timeline').click();
    const total = page.getByTestId('run-total-parallel');
    await expect.element(total).toHaveAttribute('data-status', 'done');
    await page.getByTestId('view-tab-events').click();
    await expect.element(page.getByTestId('events-panel')).toBeInTheDocument(); // the panel is its own chunk
    expect(rowsShown().at(-1)).toBe('agent_end');
    await expect.element(page.getByTestId('transport')).toHaveAttribute('data-state', 'ended');
  });

  it('steps, steps phase by phase through a call, and follows the keyboard shortcuts', async () => {
    await start();
    await openAndRecord('events');
    expect(rowsShown()).toEqual([]); // the first event is the trace's run start, not a pi event
    await page.getByTestId('transport-step').click();
    expect(rowsShown()).toEqual(['agent_start']);
    await page.getByTestId('transport-step-phase').click();
    await expect.element(page.getByTestId('transport')).toHaveAttribute('data-phase', 'queued');
    await expect.element(page.getByTestId('transport-phase')).toHaveTextContent('fetch');
    // The selection the step made (a trace event) highlights the log row about that call.
    const highlighted = () => document.querySelector('[data-testid="event-list"] [aria-current="true"]')?.closest('[data-testid="event-row"]')?.getAttribute('data-type');
    await waitFor(() => highlighted() === 'message_end', 'the assistant message that made the call to be highlighted');
    const panel = page.getByTestId('events-panel');
    (panel.element() as HTMLElement).focus();
    await userEvent.keyboard('{Shift>}{ArrowRight}{/Shift}');
    await expect.element(page.getByTestId('transport')).not.toHaveAttribute('data-phase', 'queued');
    await userEvent.keyboard(']');
    await expect.element(page.getByTestId('transport-speed')).toHaveValue('2');
    await userEvent.keyboard(' ');
    await waitFor(() => ['playing', 'ended'].includes(transport().dataset.state ?? ''), 'playback');
    await userEvent.keyboard(' ');
    await waitFor(() => ['paused', 'ended'].includes(transport().dataset.state ?? ''), 'a pause');
  });

  it('filters the event log by type and by tool call, and shows the stream as text, chunks or raw events', async () => {
    await start();
    await openAndRecord('events');
    await page.getByTestId('transport-scrubber').fill('100000');
    await waitFor(() => rowsShown().includes('agent_end'), 'every event');
    const listCount = () => Number(document.querySelector('[data-testid="event-list"]')?.getAttribute('data-count') ?? 0);
    await page.getByTestId('events-types').click();
    await page.getByTestId('events-types-none').click();
    await page.getByTestId('events-type-message_update').click();
    expect(listCount()).toBe(2); // one row per streamed message, its text assembled
    await page.getByTestId('events-stream-chunks').click();
    const chunks = listCount();
    expect(chunks).toBeGreaterThan(10); // one row per delta
    await page.getByTestId('events-stream-raw').click();
    expect(listCount()).toBeGreaterThan(chunks); // the deltas plus the block starts and ends
    await page.getByTestId('events-types').click(); // the popover closed on the click outside it
    await page.getByTestId('events-types-all').click();
    await page.getByTestId('events-type-message_update').click();
    expect(rowsShown()).not.toContain('message_update');
    await userEvent.keyboard('{Escape}');
    await page.getByTestId('events-call').selectOptions('fib');
    const types = new Set(rowsShown());
    expect(types.has('tool_execution_start')).toBe(true);
    expect(document.querySelector('[data-testid="event-row"][data-type="tool_execution_start"]')?.textContent).toContain('slow_compute');
    expect(types.has('agent_start')).toBe(false);
  });

  it('links a log row to the selection shared with the timeline, and opens its payload', async () => {
    await start();
    await openAndRecord('events');
    await page.getByTestId('transport-scrubber').fill('100000');
    const start_ = page.getByTestId('event-row').filter({ hasText: 'tool_execution_start' }).first();
    await start_.getByTestId('event-row-select').click();
    await expect.element(page.getByTestId('transport-phase')).toHaveTextContent('fetch');
    await start_.getByTestId('event-row-toggle').click();
    await expect.element(start_.getByTestId('event-row-payload')).toHaveTextContent('toolCallId');
    await expect.element(start_.getByTestId('event-row-select')).toHaveAttribute('aria-current', 'true');
  });

  it('keeps a scenario that does not parse with its errors at their lines, and runs the last good version', async () => {
    await start();
    await page.getByTestId('view-tab-scenario').click();
    await expect.element(page.getByTestId('scenario-status')).toHaveAttribute('data-status', 'valid');
    await page.getByTestId('scenario-mode-json').click();
    await waitFor(() => document.querySelector('[data-testid="scenario-editor"][data-ready="true"]'), 'the JSON editor');
    const content = page.getByTestId('scenario-editor').element().querySelector('.host')!.shadowRoot!.querySelector<HTMLElement>('.cm-content')!;
    content.focus();
    await userEvent.keyboard('{Control>}{End}{/Control}');
    await userEvent.keyboard(',');
    await expect.element(page.getByTestId('scenario-status')).toHaveAttribute('data-status', 'invalid');
    await expect.element(page.getByTestId('scenario-errors')).toHaveTextContent('Invalid JSON');
    const line = Number(page.getByTestId('scenario-error').element().getAttribute('data-line'));
    expect(line).toBeGreaterThan(20);
    await page.getByTestId('transport-play').click();
    await waitFor(() => ['playing', 'ended', 'recording'].includes(transport().dataset.state ?? ''), 'a run from the last good version');
    expect(transport().dataset.state).not.toBe('error');
  });

  it('edits the scenario in the form and writes the JSON back', async () => {
    await start();
    await page.getByTestId('view-tab-scenario').click();
    await expect.element(page.getByTestId('scenario-form')).toBeVisible();
    await page.getByTestId('scenario-prompt').fill('Only fetch the page.');
    await page.getByTestId('scenario-call-arguments').first().fill('{"url": "https://example.org"');
    await expect.element(page.getByTestId('scenario-call-raw')).toBeVisible();
    await page.getByTestId('scenario-mode-json').click();
    await waitFor(() => document.querySelector('[data-testid="scenario-editor"][data-ready="true"]'), 'the JSON editor');
    const text = page.getByTestId('scenario-editor').element().querySelector('.host')!.shadowRoot!.querySelector('.cm-content')!.textContent ?? '';
    expect(text).toContain('"prompt": "Only fetch the page."');
    expect(text).toContain('"rawArguments": "{\\"url\\": \\"https://example.org\\""');
  });

  it('keeps scenarios with the workspace: a new one and its edits are there after a reload', async () => {
    const app = await start();
    await page.getByTestId('view-tab-scenario').click();
    await page.getByTestId('scenario-new').click();
    await page.getByTestId('scenario-new-blank').click();
    await expect.element(page.getByTestId('scenario-picker')).toHaveTextContent('New scenario');
    await page.getByTestId('scenario-prompt').fill('Kept across reloads');
    const reloaded = await app.reload();
    mounted.splice(mounted.indexOf(app), 1, reloaded);
    await page.getByTestId('view-tab-scenario').click();
    await expect.element(page.getByTestId('scenario-prompt')).toHaveValue('Kept across reloads');
    const names = [...document.querySelectorAll('[data-testid="scenario-picker"] option')].map((o) => o.textContent);
    expect(names[1]).toBe('New scenario');
  });
});
