import { afterEach, describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { createStarterWorkspace } from '../../content/examples/index.ts';
import { createMemoryStore } from '../../storage/memory-store.ts';
import { mountApp, waitFor, type MountedApp } from '../testing/mount-app.ts';

let app: MountedApp | undefined;
afterEach(async () => { await app?.destroy(); app = undefined; });

/** A scenario whose one answer streams 20,000 characters one token (4 characters) at a time: about 10,000 events. */
function storeWithLongStream() {
  const text = 'The quick brown fox jumps over the lazy dog. '.repeat(445).slice(0, 20_000);
  const scenario = { prompt: 'Talk for a long time.', timing: { tokenSize: 1 }, turns: [{ content: text }] };
  const workspace = { ...createStarterWorkspace(), scenarios: { version: 1, items: [{ id: 'long', name: 'Long', text: JSON.stringify(scenario) }] } };
  return createMemoryStore({ 'workspace:default': { revision: 1, writer: 'seed', savedAt: 0, workspace } });
}

const nextFrame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
const list = () => document.querySelector<HTMLElement>('[data-testid="event-list"]')!;

describe('the event log with a 10,000-event recording', () => {
  it('renders only the rows in view, in every stream view, and the middle rows after a scroll', async () => {
    app = await mountApp({ store: storeWithLongStream() });
    await page.getByTestId('view-tab-events').click();
    await page.getByTestId('transport-step').click();
    await waitFor(() => document.querySelector('[data-testid="transport"][data-state="paused"]'), 'the recording', 30_000);
    await page.getByTestId('transport-scrubber').fill('1e9');
    await page.getByTestId('events-stream-raw').click();
    await page.getByTestId('events-types').click();
    await page.getByTestId('events-trace').click();
    await waitFor(() => Number(list()?.dataset.count) > 10_000, 'every event as a row');
    const rows = Number(list().dataset.count);
    expect(rows).toBeGreaterThan(10_000);
    // Windowed: a few dozen rows in the DOM, not ten thousand.
    expect(document.querySelectorAll('[data-testid="event-row"]').length).toBeLessThan(80);

    // Switching the stream view rebuilds every row (how fast: `npm run bench -- event-log`).
    const click = (view: string) => document.querySelector<HTMLElement>(`[data-testid="events-stream-${view}"]`)!.click();
    click('chunks');
    await nextFrame();
    expect(Number(list().dataset.count)).toBeGreaterThan(5000);
    click('text');
    await nextFrame();
    expect(Number(list().dataset.count)).toBeGreaterThan(5000); // the trace rows stay; the updates fold into one
    expect(document.querySelectorAll('[data-testid="event-row"]').length).toBeLessThan(80);
    click('raw');
    await nextFrame();
    expect(Number(list().dataset.count)).toBe(rows);

    // Scrolling to the middle shows the rows there within two frames.
    list().scrollTop = list().scrollHeight / 2;
    list().dispatchEvent(new Event('scroll'));
    await nextFrame();
    await nextFrame();
    const middle = document.querySelector('[data-testid="event-row"]')!;
    expect(Number(middle.getAttribute('data-seq'))).toBeGreaterThan(3000);
  });
});
