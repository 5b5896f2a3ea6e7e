// The app in Chinese and the dark theme, driven from the URL and the keyboard: a scenario stepped to the moment
// a call starts executing, the shortcuts overlay, a panel by its number, and compare mode played to the end.
import type { Demo } from '../support/demo-kit.ts';

export const tour: Demo = {
  id: 'tour',
  title: 'URL parameters and keyboard shortcuts',
  url: '/?scenario=parallel-vs-sequential&compare=1&panel=timeline&step=phase:fetch:execute&layout=sidebar:16,editor:34,views:50&theme=dark&lang=zh-CN',
  async run({ api, page, shot, linger }) {
    const stepped = await api.state();
    if (stepped.phaseByCall.fetch !== 'execute' || stepped.recordings.length !== 2) throw new Error('Expected fetch executing in both runs');
    await shot('stepped-to-execute');
    await page.keyboard.press('?');
    await page.getByTestId('shortcuts-dialog').waitFor();
    await shot('shortcuts');
    await linger(2500);
    await page.keyboard.press('Escape');
    await page.getByTestId('shortcuts-dialog').waitFor({ state: 'hidden' });
    await page.keyboard.press('5');
    if ((await api.state()).panel !== 'events') throw new Error('Key 5 should open the Events panel');
    await shot('events-by-key');
    await page.keyboard.press('4');
    await api.act('setSpeed', 2);
    await api.act('play');
    await api.waitFor('ended');
    await shot('compare-ended');
  },
};
