// Lesson 2 as a demo, then the Providers panel: the same tool as each provider's request carries it, and the
// difference between two of them.
import type { Demo } from '../support/demo-kit.ts';
import { playLesson } from '../support/lesson-steps.ts';

export const providerComparison: Demo = {
  id: 'provider-comparison',
  title: 'What the model sees, provider by provider',
  url: '/?lesson=what-the-model-sees&layout=editor:34,views:66&theme=light&lang=en',
  async run(demo) {
    const { api, page, shot, linger } = demo;
    await playLesson(demo);
    await api.act('setPanel', 'providers');
    for (const wire of ['openai-completions', 'anthropic-messages', 'google-generative-ai']) {
      await page.getByTestId(`providers-tab-${wire}`).click();
      await page.getByTestId('providers-json').waitFor();
      await shot(`request-${wire}`);
      await linger(1500);
    }
    await page.getByTestId('providers-mode-diff').click();
    await page.getByTestId('providers-diff-left').selectOption('openai-completions');
    await page.getByTestId('providers-diff-right').selectOption('anthropic-messages');
    await page.getByTestId('providers-diff-summary').waitFor();
    await shot('openai-against-anthropic');
  },
};
