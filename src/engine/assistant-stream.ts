// One request to the model and the consumption of its event stream, as pi 0.85.1 does it (streamAssistantResponse):
// transformContext then convertToLlm before every request, the whole config spread into the options, the live
// partial kept as the last context message, and pi's object-identity rules for message_start/update/end.
import type { LoopRun } from './loop-run.ts';
import type { AssistantMessage, Context } from '../ai/index.ts';
import type { AgentContext, AgentLoopConfig, StreamFn } from './types.ts';

export async function streamAssistantResponse(
  run: LoopRun,
  context: AgentContext,
  config: AgentLoopConfig,
  streamFn: StreamFn,
): Promise<AssistantMessage> {
  const { emit, signal, tracer } = run;
  let messages = context.messages;
  if (config.transformContext) messages = await config.transformContext(messages, signal);
  const llmMessages = await config.convertToLlm(messages);
  // Keys always present, tools included when undefined; the tools are the AgentTool objects themselves.
  const llmContext: Context = { systemPrompt: context.systemPrompt, messages: llmMessages, tools: context.tools };
  // Resolved before every request because keys may expire; a falsy result falls back to the static key.
  const apiKey = (config.getApiKey ? await config.getApiKey(config.model.provider) : undefined) || config.apiKey;
  const response = await streamFn(config.model, llmContext, { ...config, apiKey, signal });

  let partial: AssistantMessage | null = null;
  let addedPartial = false;
  for await (const event of response) {
    switch (event.type) {
      case 'start':
        if (addedPartial && run.singleMessageStart) {
          partial = event.partial;
          context.messages[context.messages.length - 1] = partial;
          break;
        }
        partial = event.partial;
        context.messages.push(partial);
        addedPartial = true;
        await emit({ type: 'message_start', message: { ...partial } });
        break;
      case 'text_start':
      case 'text_delta':
      case 'text_end':
      case 'thinking_start':
      case 'thinking_delta':
      case 'thinking_end':
      case 'toolcall_start':
      case 'toolcall_delta':
      case 'toolcall_end':
        // Block events before any `start` are dropped, as in pi.
        if (partial) {
          partial = event.partial;
          context.messages[context.messages.length - 1] = partial;
          tracer?.block(event);
          await emit({ type: 'message_update', assistantMessageEvent: event, message: { ...partial } });
        }
        break;
      case 'done':
      case 'error': {
        const final = await response.result();
        if (addedPartial) context.messages[context.messages.length - 1] = final;
        else context.messages.push(final);
        if (!addedPartial) await emit({ type: 'message_start', message: { ...final } });
        tracer?.messageEnd();
        await emit({ type: 'message_end', message: final });
        return final;
      }
    }
  }
  // A stream that ends without a terminal event still settles through result(), as in pi.
  const final = await response.result();
  if (addedPartial) {
    context.messages[context.messages.length - 1] = final;
  } else {
    context.messages.push(final);
    await emit({ type: 'message_start', message: { ...final } });
  }
  tracer?.messageEnd();
  await emit({ type: 'message_end', message: final });
  return final;
}
