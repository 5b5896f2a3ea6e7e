// Differential tests of reply decoding: every canned reply, replayed through pi-ai 0.85.1's own stream
// functions (fetch stubbed, Bedrock's client patched), yields the same event trace, ToolCall blocks,
// stop reason and error text as decodeReply.
import { beforeAll, describe, expect, it } from 'vitest';
import type { KnownApi } from '../../types.ts';
import { KNOWN_APIS } from '../known-apis.ts';
import { loadPiApis, replayPi } from '../testing/pi-oracle.ts';
import { TOOLS } from '../testing/tools.ts';
import { decodeReply, REPLY_EXAMPLES } from './index.ts';

beforeAll(loadPiApis);

/** Ids pi invents from the clock (Google calls without ids) cannot match run to run: compare their shape. */
function stableIds(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value).replace(/"([a-z_]+)_\d{10,}_\d+"/g, '"$1_<time>_<n>"'));
}

const cases = (Object.entries(REPLY_EXAMPLES) as [KnownApi, (typeof REPLY_EXAMPLES)[KnownApi]][]).flatMap(([api, examples]) => examples.map((example) => [`${api}: ${example.label}`, api, example] as const));

describe('decodeReply against pi', () => {
  it.each(cases)('%s', async (_name, api, example) => {
    const model = KNOWN_APIS[api].model;
    const tools = example.options?.tools ?? TOOLS;
    const pi = await replayPi(model, { messages: [{ role: 'user', content: 'go', timestamp: 1 }], tools }, example.reply, { apiKey: example.options?.apiKey });
    const ours = decodeReply(api, example.reply, { ...example.options, tools });
    if (!ours.ok) return expect.fail(ours.error);
    expect(stableIds(ours.events)).toEqual(stableIds(pi.events));
    expect(stableIds(ours.content)).toEqual(stableIds(pi.content));
    expect({ stopReason: ours.stopReason, errorMessage: ours.errorMessage, responseId: ours.responseId })
      .toEqual({ stopReason: pi.stopReason, errorMessage: pi.errorMessage, responseId: pi.responseId });
  });
});
