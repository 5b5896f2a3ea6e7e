// The layout as a learner meets it: at 1280×720 a lesson's caption and the timeline it talks about are on screen
// together; at 390×844 (a phone) the app has no horizontal scroll, one pane at a time, and a lesson's transport,
// caption and timeline are usable with touch-size controls; at 390, 1280 and 1440 no tab label is cut. Screenshots
// of the shell, a lesson and the timeline are attached at each width.
import { expect, test, type Page, type TestInfo } from '@playwright/test';

const WIDTHS = [[390, 844], [1280, 720], [1440, 900]] as const;

async function open(page: Page, lang = 'en'): Promise<void> {
  await page.goto(`/?lang=${lang}`);
  await expect(page.getByTestId('app')).toHaveAttribute('data-ready', 'true');
}

async function openLesson(page: Page, id: string): Promise<void> {
  await page.getByTestId('view-tab-lessons').click();
  await page.getByTestId(`lesson-card-${id}`).click();
  await expect(page.getByTestId('lesson-play')).toBeEnabled({ timeout: 20_000 });
}

async function noHorizontalScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(client);
}

/** Every tab lies inside the row's visible box, and no shown label is cut (a folded one keeps its name). */
async function tabLabelsWhole(page: Page): Promise<void> {
  // Read just after a frame is painted: what the learner sees. A read between frames can force a layout the row
  // has not been refitted to yet (its ResizeObserver runs in the next frame, before that frame is painted).
  const measure = () => page.getByRole('tab').evaluateAll(async (elements) => {
    await new Promise<void>((painted) => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { channel.port1.close(); painted(); };
      channel.port2.postMessage(null);
    }));
    return elements.map((tab) => {
      const row = tab.parentElement!.getBoundingClientRect();
      const box = tab.getBoundingClientRect();
      const label = tab.querySelector<HTMLElement>('.label')!;
      return {
        name: tab.textContent!.trim(),
        inside: box.left >= row.left - 0.5 && box.right <= row.right + 0.5,
        folded: tab.classList.contains('folded'),
        title: tab.getAttribute('title'),
        cut: tab.scrollWidth > tab.clientWidth || (!tab.classList.contains('folded') && label.scrollWidth > label.clientWidth),
        selected: tab.getAttribute('aria-selected') === 'true',
      };
    });
  });
  // The row fits its labels from their measured widths once it is laid out (a frame after the panel appears).
  await expect.poll(async () => (await measure()).filter((tab) => !tab.inside || tab.cut).map((tab) => tab.name), { timeout: 5_000 }).toEqual([]);
  const tabs = await measure();
  expect(tabs.length).toBeGreaterThanOrEqual(7);
  for (const tab of tabs) {
    expect(tab.inside, `${tab.name} is out of sight`).toBe(true);
    expect(tab.cut, `${tab.name} is cut`).toBe(false);
    if (tab.folded) expect(tab.title).toBe(tab.name);
    if (tab.selected) expect(tab.folded, `the open tab ${tab.name} keeps its label`).toBe(false);
  }
}

async function inViewport(page: Page, testid: string): Promise<{ top: number; bottom: number; height: number; width: number }> {
  const box = (await page.getByTestId(testid).boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.y, `${testid} starts above the screen`).toBeGreaterThanOrEqual(-1);
  expect(box.y + box.height, `${testid} ends below the screen`).toBeLessThanOrEqual(viewport.height + 1);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
  return { top: box.y, bottom: box.y + box.height, height: box.height, width: box.width };
}

async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  await info.attach(name, { body: await page.screenshot(), contentType: 'image/png' });
}

test('at 1280×720 the caption and the timeline it talks about are on screen together, at every caption', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await open(page);
  // The first lesson, and new ones with long captions.
  for (const id of ['tools-in-the-loop', 'optional-and-required', 'one-tool-three-providers', 'prompt-or-agent-loop', 'strict-mode']) {
    await openLesson(page, id);
    const count = await page.locator('[data-testid^="lesson-marker-"]').count();
    for (let n = 0; n < count; n++) {
      await page.getByTestId('lesson-caption-next').click();
      await expect(page.getByTestId('lesson-caption')).not.toHaveAttribute('data-state', 'before');
      const caption = await inViewport(page, 'lesson-caption');
      const timeline = await inViewport(page, 'lesson-timeline');
      expect(timeline.top).toBeGreaterThan(caption.bottom);
      // Room for the lanes, not just the toolbar.
      expect(timeline.height).toBeGreaterThanOrEqual(200);
    }
    await page.getByTestId('lesson-back').click();
  }
  await noHorizontalScroll(page);
});

test('at 390×844 one pane at a time, no sideways scroll, and a lesson plays with touch-size controls', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  await noHorizontalScroll(page);
  await expect(page.getByTestId('pane-switcher')).toBeVisible();
  await expect(page.getByTestId('app')).toHaveAttribute('data-narrow-pane', 'views');
  await expect(page.getByTestId('resize-views')).toHaveCount(0);
  // Tools: picking one opens it in the editor.
  await page.getByTestId('pane-switch-sidebar').click();
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(page.getByTestId('views')).toBeHidden();
  await page.getByTestId('tool-item').filter({ hasText: 'echo' }).locator('button.select').click();
  await expect(page.getByTestId('app')).toHaveAttribute('data-narrow-pane', 'editor');
  await expect(page.getByTestId('editor-title')).toHaveText('echo');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await noHorizontalScroll(page);

  await page.getByTestId('pane-switch-views').click();
  await tabLabelsWhole(page);
  await openLesson(page, 'parallel-vs-sequential');
  await noHorizontalScroll(page);
  for (const id of ['lesson-play', 'lesson-record', 'lesson-speed', 'lesson-caption-previous', 'lesson-caption-next']) {
    const control = page.getByTestId(id);
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(box.height, `${id} is too small to tap`).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await page.getByTestId('lesson-caption-next').click();
  await expect(page.getByTestId('lesson-caption')).toHaveAttribute('data-state', 'caption');
  await inViewport(page, 'lesson-caption');
  await page.getByTestId('lesson-play').click();
  await expect(page.getByTestId('lesson-caption')).not.toHaveAttribute('data-caption', 'parallel-start');
  await page.getByTestId('lesson-timeline').scrollIntoViewIfNeeded();
  const timeline = await inViewport(page, 'lesson-timeline');
  expect(timeline.width).toBeLessThanOrEqual(390);
  expect(timeline.height).toBeGreaterThanOrEqual(200);
  await noHorizontalScroll(page);
  // Another pane and back: the lesson is where it was.
  await page.getByTestId('pane-switch-editor').click();
  await expect(page.getByTestId('lesson-page')).toBeHidden();
  await page.getByTestId('pane-switch-views').click();
  await expect(page.getByTestId('lesson-page')).toHaveAttribute('data-lesson', 'parallel-vs-sequential');
});

for (const [width, height] of WIDTHS) {
  for (const lang of ['en', 'zh-CN']) {
    test(`at ${width} px (${lang}) no tab label is cut, and the shell, a lesson and the timeline are pictured`, async ({ page }, info) => {
      await page.setViewportSize({ width, height });
      await open(page, lang);
      await noHorizontalScroll(page);
      await tabLabelsWhole(page);
      await shoot(page, info, `shell-${width}-${lang}`);
      await openLesson(page, 'one-sequential-tool');
      await page.getByTestId('lesson-caption-next').click();
      await tabLabelsWhole(page);
      await noHorizontalScroll(page);
      await shoot(page, info, `lesson-${width}-${lang}`);
      await page.getByTestId('view-tab-timeline').click();
      await expect(page.getByTestId('timeline')).toBeVisible();
      await tabLabelsWhole(page);
      await noHorizontalScroll(page);
      await shoot(page, info, `timeline-${width}-${lang}`);
    });
  }
}
