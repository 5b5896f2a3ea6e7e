// The app's one JSON viewer in Chromium: folding from the keyboard, remarks at their values, paging, Copy.
import { flushSync, mount, unmount } from 'svelte';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { i18n } from '../i18n/i18n.svelte.ts';
import '../global.css';
import JsonView from './JsonView.svelte';

let app: ReturnType<typeof mount> | undefined;
beforeAll(() => i18n.set('en'));
afterEach(() => {
  if (app) unmount(app);
  app = undefined;
  document.body.replaceChildren();
});

function show(props: Record<string, unknown>) {
  app = mount(JsonView, { target: document.body.appendChild(document.createElement('div')), props: { label: 'Payload', testid: 'probe', ...props } as never });
  flushSync();
}

const toggles = () => [...document.querySelectorAll<HTMLButtonElement>('[data-testid="probe"] button.fold')];
const lineTexts = () => [...document.querySelectorAll('[data-testid="probe"] .line')].map((l) => l.textContent);

describe('JsonView', () => {
  const value = { a: { b: [1, 2] }, c: 'x' };

  it('is a labelled group whose fold toggles are one tab stop, moved between with the arrows', async () => {
    show({ value });
    await expect.element(page.getByRole('group', { name: 'Payload' })).toBeVisible();
    expect(toggles().map((b) => b.tabIndex)).toEqual([0, -1, -1]);
    await userEvent.click(page.getByTestId('probe-collapse'));
    toggles()[0].focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(toggles()[1]);
    await expect.element(page.getByRole('button', { name: 'Expand a', exact: true })).toHaveAttribute('aria-expanded', 'false');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(page.getByRole('button', { name: 'Collapse a', exact: true })).toHaveAttribute('aria-expanded', 'true');
    expect(lineTexts().some((l) => l?.startsWith('    "b": ['))).toBe(true);
    await userEvent.keyboard('{ArrowLeft}');
    await expect.element(page.getByRole('button', { name: 'Expand a', exact: true })).toBeVisible();
    expect(lineTexts().some((l) => l?.includes('"b"'))).toBe(false);
    await userEvent.keyboard('{End}');
    expect(document.activeElement).toBe(toggles().at(-1));
    await userEvent.keyboard('{Home}');
    expect(document.activeElement).toBe(toggles()[0]);
  });

  it('starts with the deeper levels folded when asked, drawing only what is open', async () => {
    show({ value, foldFrom: 1 });
    const lines = lineTexts();
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(/^  "a": \{.*\},$/);
    expect(toggles().map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false']);
  });

  it('marks the lines a remark is about and says it beside the value, missing members as their own lines', async () => {
    show({ value: { count: 'x' }, marks: [{ pointer: '/count', message: 'must be integer' }, { pointer: '', message: 'required', missing: ['name'] }] });
    const hits = [...document.querySelectorAll('[data-testid="probe"] .line.hit')].map((l) => l.textContent);
    expect(hits).toEqual(['  "name": missing', '  "count": "x"  ← must be integer']);
  });

  it('draws a long value a page at a time and the rest on request; Copy gives the whole text', async () => {
    const long = Array.from({ length: 50 }, (_, i) => i);
    show({ value: long, rowStep: 10 });
    expect(lineTexts()).toHaveLength(10);
    await expect.element(page.getByTestId('probe-cut')).toHaveAttribute('data-total', '52');
    await userEvent.click(page.getByTestId('probe-more'));
    expect(lineTexts()).toHaveLength(20);
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => { copied = text; } } });
    await userEvent.click(page.getByTestId('probe-copy'));
    expect(copied).toBe(JSON.stringify(long, null, 2));
    await expect.element(page.getByTestId('probe-copy')).toHaveTextContent('Copied');
  });

  it('shows a value that is not JSON as its text instead of failing', async () => {
    show({ value: 10n });
    expect(lineTexts()).toEqual(['"10"']);
  });
});
