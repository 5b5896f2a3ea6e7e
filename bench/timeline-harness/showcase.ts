// The scenario the harness shows: one turn that streams thinking, text and five calls covering the timeline's
// vocabulary (a long sleep, progress updates with a late one, invalid arguments, a blocked call, file access).
import type { ScenarioHooks } from '../../src/recording/scenario/index.ts';

export function showcaseScenario(toolExecution: 'parallel' | 'sequential'): object {
  return {
    prompt: 'Tidy the project', toolExecution, timing: { tokenSize: 3, tokensPerSecond: 60 },
    turns: [
      {
        content: [
          { type: 'thinking', thinking: 'Several independent steps.' },
          { type: 'text', text: 'Running five tools.' },
          { type: 'toolCall', id: 'nap', name: 'sleep', arguments: { ms: 900, label: 'nap' } },
          { type: 'toolCall', id: 'prog', name: 'progress', arguments: { updates: 4, stepMs: 120, lateMs: 90 } },
          { type: 'toolCall', id: 'bad', name: 'typed', arguments: { count: 'two', flag: 'yes' } },
          { type: 'toolCall', id: 'deploy', name: 'sleep', arguments: { ms: 300, label: 'deploy' } },
          { type: 'toolCall', id: 'copy', name: 'copy_file', arguments: { from: '/src/a.txt', to: '/out/a.txt' } },
        ],
      },
      { content: 'All done: one call was blocked and one had invalid arguments.' },
    ],
    steering: [{ text: 'Keep it short', at: { toolCallEnd: 'deploy' } }],
  };
}

export const showcaseHooks: ScenarioHooks = {
  beforeToolCall: async ({ toolCall }) => (toolCall.id === 'deploy' ? { block: true, reason: 'Deploys need a human' } : undefined),
  afterToolCall: async ({ toolCall }) => (toolCall.id === 'nap' ? { details: { rested: true } } : undefined),
};
