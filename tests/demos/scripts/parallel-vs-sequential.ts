// Lesson 5 as a demo: two 2-second tools in one turn, parallel against sequential on one time scale.
import type { Demo } from '../support/demo-kit.ts';
import { playLesson } from '../support/lesson-steps.ts';

export const parallelVsSequential: Demo = {
  id: 'parallel-vs-sequential',
  title: 'Parallel vs sequential: one batch, two ways',
  url: '/?lesson=parallel-vs-sequential&layout=editor:36,views:64&theme=light&lang=en',
  async run(demo) {
    const { api, shot } = demo;
    const captions = await playLesson(demo);
    if (captions.length < 4) throw new Error(`Only ${captions.length} captions were shown`);
    const state = await api.act('focus', 'timeline');
    const [parallel, sequential] = state.recordings;
    if (parallel?.label !== 'parallel' || sequential?.label !== 'sequential') throw new Error('Expected the two runs of compare mode');
    await shot('timeline-both-runs');
    await api.act('select', { recording: 'sequential', callId: 'call_1_2', phase: 'queued' });
    await shot('sequential-second-call-queued');
  },
};
