import { describe, expect, it } from 'vitest';
import { API_VARIANTS, encodeVariants } from '../../ai/providers/index.ts';
import type { Tool } from '../../ai/index.ts';
import { buildConversation, callIdFor, conversationOptions, CONVERSATION_IDS } from './conversations.ts';

const weather: Tool = { name: 'get_weather', description: 'Weather.', parameters: { type: 'object', properties: { city: { type: 'string' }, unit: { type: 'string', enum: ['c', 'f'] } }, required: ['city', 'unit'] } as never };

describe('panel conversations', () => {
  it('encode for every API variant, with tools and without', () => {
    for (const id of CONVERSATION_IDS) {
      for (const tools of [[weather], []]) {
        const failed = encodeVariants((v) => buildConversation(id, v, { systemPrompt: 'Be brief.', userPrompt: 'Hi', tools }), conversationOptions(id))
          .filter((r) => !r.result.ok).map((r) => r.variant.key);
        expect(failed, `${id} with ${tools.length} tools`).toEqual([]);
      }
    }
  });

  it('writes the later turns as the variant\'s own model, with its kind of call ids and readable sample arguments', () => {
    const anthropic = API_VARIANTS.find((v) => v.key === 'anthropic-messages')!;
    const context = buildConversation('after-batch', anthropic, { systemPrompt: '', userPrompt: 'Hi', tools: [weather] });
    const reply = context.messages[1];
    expect(reply).toMatchObject({ role: 'assistant', api: 'anthropic-messages', provider: 'anthropic', model: anthropic.model.id, stopReason: 'toolUse' });
    const calls = reply.role === 'assistant' ? reply.content.filter((b) => b.type === 'toolCall') : [];
    expect(calls).toHaveLength(3);
    expect(calls[0]).toMatchObject({ name: 'get_weather', arguments: { city: 'example', unit: 'c' } });
    expect(context.messages.slice(2).map((m) => m.role === 'toolResult' && m.isError)).toEqual([false, true, false]);
    const mistral = API_VARIANTS.find((v) => v.api === 'mistral-conversations')!;
    expect(callIdFor(mistral, 'x', 0)).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(callIdFor(API_VARIANTS.find((v) => v.api === 'openai-responses')!, 'x', 0)).toMatch(/^call_\w+\|fc_\w+$/);
  });
});
