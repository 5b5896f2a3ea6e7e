// Lesson 7 as a demo: pi's read and edit coding tools on the lesson's own files, read first, edited a turn later.
import type { Demo } from '../support/demo-kit.ts';
import { playLesson } from '../support/lesson-steps.ts';

export const filesEdit: Demo = {
  id: 'files-edit',
  title: 'Read, then edit a file',
  url: '/?lesson=read-then-edit&layout=editor:36,views:64&theme=light&lang=en',
  async run(demo) {
    const { api, shot } = demo;
    await playLesson(demo);
    await api.act('focus', 'timeline');
    await api.act('select', { callId: 'call_1_2', phase: 'execute' });
    await shot('read-call');
    await api.act('select', { callId: 'call_2_1', phase: 'execute' });
    await shot('edit-call');
  },
};
