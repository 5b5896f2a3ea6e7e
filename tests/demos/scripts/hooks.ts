// Lesson 10 as a demo, in the dark theme: beforeToolCall blocks a call, afterToolCall rewrites a result.
import type { Demo } from '../support/demo-kit.ts';
import { playLesson } from '../support/lesson-steps.ts';

export const hooks: Demo = {
  id: 'hooks',
  title: 'Hooks: blocked before, rewritten after',
  url: '/?lesson=hooks&layout=editor:40,views:60&theme=dark&lang=en',
  async run(demo) {
    const { api, shot } = demo;
    await playLesson(demo);
    await api.act('focus', 'timeline');
    await api.act('select', { callId: 'call_1_1', phase: 'beforeToolCall' });
    await shot('blocked-by-beforeToolCall');
    await api.act('select', { callId: 'call_1_2', phase: 'afterToolCall' });
    await shot('rewritten-by-afterToolCall');
  },
};
