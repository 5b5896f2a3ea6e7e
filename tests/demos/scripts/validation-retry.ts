// Lesson 3 as a demo: arguments that fail pi's validation, the error the model reads, and its corrected retry.
import type { Demo } from '../support/demo-kit.ts';
import { playLesson } from '../support/lesson-steps.ts';

export const validationRetry: Demo = {
  id: 'validation-retry',
  title: 'Validation failure and retry',
  url: '/?lesson=validation-and-retry&layout=editor:36,views:64&theme=light&lang=en',
  async run(demo) {
    const { api, shot } = demo;
    await playLesson(demo);
    await api.act('focus', 'timeline');
    const failed = await api.act('select', { callId: 'call_1_1', phase: 'validate' });
    if (failed.phaseByCall.call_1_1 !== 'done') throw new Error('The first call should be over at the end of the run');
    await shot('validate-fails');
    await api.act('select', { callId: 'call_2_2', phase: 'validate' });
    await shot('validate-passes');
    await api.act('setPanel', 'events');
    await shot('event-log');
  },
};
