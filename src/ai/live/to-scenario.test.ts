import { describe, expect, it } from 'vitest';
import type { Recording } from '../../recording/index.ts';
import type { AssistantMessage } from '../types.ts';
import { hasModelContent, scenarioFromLiveRecording } from './to-scenario.ts';

function assistant(content: AssistantMessage['content'], stopReason: AssistantMessage['stopReason'], errorMessage?: string): AssistantMessage {
  return {
    role: 'assistant', content, api: 'openai-completions', provider: 'custom', model: 'live-weather', stopReason, timestamp: 0,
    usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, totalTokens: 0, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 } },
    ...(errorMessage ? { errorMessage } : {}),
  };
}

function recordingOf(...messages: AssistantMessage[]): Recording {
  const events = messages.flatMap((message, i) => [
    { seq: 0, t: i * 100 + 10, source: 'pi' as const, event: { type: 'message_start' as const, message } },
    { seq: 0, t: i * 100 + 50, source: 'pi' as const, event: { type: 'message_end' as const, message } },
  ]).map((e, seq) => ({ ...e, seq }));
  return { id: 'r', label: 'live', toolExecution: 'parallel', events, durationMs: 200, status: 'done' };
}

const inputs = { prompts: ['Weather?'], systemPrompt: '', toolExecution: 'parallel' as const, model: { id: 'live-weather', api: 'openai-completions', provider: 'custom' } };

describe('scenarioFromLiveRecording', () => {
  it('writes the model the run was made with', () => {
    const file = scenarioFromLiveRecording(recordingOf(assistant([{ type: 'text', text: 'Sunny.' }], 'stop')), inputs);
    expect(file.model).toEqual({ provider: 'custom', api: 'openai-completions', id: 'live-weather' });
  });

  it('keeps a recording with text or a tool call, not one that failed before the model said anything', () => {
    const failed = scenarioFromLiveRecording(recordingOf(assistant([], 'error', '401 Unauthorized')), inputs);
    expect(failed.turns).toHaveLength(1);
    expect(hasModelContent(failed)).toBe(false);
    expect(hasModelContent(scenarioFromLiveRecording(recordingOf(assistant([{ type: 'text', text: ' ' }], 'error', 'cut')), inputs))).toBe(false);
    expect(hasModelContent(scenarioFromLiveRecording(recordingOf(assistant([{ type: 'text', text: 'It is' }], 'error', 'cut')), inputs))).toBe(true);
    const call = assistant([{ type: 'toolCall', id: 'c1', name: 'get_weather', arguments: { city: 'Paris' } }], 'toolUse');
    expect(hasModelContent(scenarioFromLiveRecording(recordingOf(call, assistant([], 'error', '500')), inputs))).toBe(true);
  });
});
