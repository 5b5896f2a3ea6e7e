// Differential tests of our wire serialisers against the real SDKs on inputs pi's encoders rarely or never
// produce: every base64 padding length, redacted thinking bytes, NaN and undefined inside documents, tool choice
// unions, request metadata, unknown members, odd model ids (Bedrock through a Smithy request handler); Gemini
// and Vertex parts of every kind pi sends (through a fetch stub). The posted text must equal ours exactly.
import { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { GoogleGenAI } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { bedrockWireBody, encodeLabel, toBase64 } from './bedrock-wire.ts';
import { googleModelPath, googleWireBody, type GoogleFlavour } from './google-wire.ts';

type Json = Record<string, any>;

async function smithyRequest(input: Json): Promise<{ path: string; body: string }> {
  let seen: { path: string; body: string } | undefined;
  const client = new BedrockRuntimeClient({
    region: 'us-east-1',
    token: { token: 'test-key' },
    authSchemePreference: ['httpBearerAuth'],
    requestHandler: {
      async handle(request: { path: string; body: Uint8Array }) {
        seen = { path: request.path, body: new TextDecoder().decode(request.body) };
        throw new Error('captured');
      },
    } as never,
  });
  await expect(client.send(new ConverseStreamCommand(input as never))).rejects.toThrow('captured');
  return seen!;
}

const bytes = (...values: number[]) => new Uint8Array(values);

const BEDROCK_INPUTS: [string, Json][] = [
  ['images of every padding length and redacted thinking', {
    modelId: 'us.anthropic.claude-opus-4-6-v1',
    messages: [
      { role: 'user', content: [{ image: { source: { bytes: bytes() }, format: 'png' } }, { image: { source: { bytes: bytes(255) }, format: 'gif' } }] },
      { role: 'assistant', content: [{ reasoningContent: { redactedContent: bytes(1, 2) } }, { text: 'x' }] },
      { role: 'user', content: [{ toolResult: { status: 'error', content: [{ image: { format: 'webp', source: { bytes: bytes(0, 128, 255) } } }, { json: { a: [1, undefined, null] } }], toolUseId: 't1' } }] },
    ],
    inferenceConfig: {},
  }],
  ['documents with NaN, Infinity, undefined and nested nulls', {
    modelId: 'amazon.nova-2-lite-v1:0',
    messages: [{ role: 'assistant', content: [{ toolUse: { name: 'calc', input: { n: Number.NaN, big: Infinity, small: -Infinity, list: [undefined, 1, [undefined, 'a']], gone: undefined, kept: null, '': 'empty key' }, toolUseId: 'u' } }] }],
    additionalModelRequestFields: { thinking: { type: 'enabled', budget_tokens: 1024, nothing: undefined }, flags: [true, false, null] },
    inferenceConfig: { temperature: 0.5, maxTokens: 10, stopSequences: ['a', null, 'b'] },
  }],
  ['tool choice unions, strict tools, cache points with a TTL, metadata and unknown members', {
    modelId: 'arn:aws:bedrock:eu-west-1:123456789012:inference-profile/eu.anthropic.claude-sonnet-4-5 (copy)!',
    system: [{ text: 'sys' }, { cachePoint: { ttl: '1h', type: 'default' } }],
    messages: [{ content: [{ text: 'hi', extra: 'dropped' }, { cachePoint: { type: 'default' } }], role: 'user' }],
    toolConfig: {
      toolChoice: { tool: { name: 'ping' } },
      tools: [{ toolSpec: { strict: true, description: 'd', inputSchema: { json: { type: 'object', properties: {} } }, name: 'ping' } }, { cachePoint: { type: 'default' } }],
    },
    requestMetadata: { user: 'u-1', empty: '' },
    unknownMember: { dropped: true },
  }],
  ['tool choice any, an empty tool result and an empty assistant turn', {
    modelId: 'meta.llama3-70b',
    messages: [{ role: 'assistant', content: [] }, { role: 'user', content: [{ toolResult: { toolUseId: 'x', content: [{ text: '' }], status: 'success' } }] }],
    toolConfig: { tools: [{ toolSpec: { name: 'a', inputSchema: { json: {} } } }], toolChoice: { any: {} } },
    system: undefined,
  }],
];

describe('Bedrock wire body against the AWS SDK serialiser', () => {
  it.each(BEDROCK_INPUTS)('%s', async (_name, input) => {
    const sent = await smithyRequest(input);
    expect(`/model/${encodeLabel(input.modelId)}/converse-stream`).toBe(sent.path);
    expect(JSON.stringify(bedrockWireBody(input))).toBe(sent.body);
  });

  it('encodes base64 as the SDK does for every length', () => {
    for (let n = 0; n < 10; n++) {
      const data = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) % 256);
      expect(toBase64(data)).toBe(Buffer.from(data).toString('base64'));
    }
  });
});

async function googleRequest(flavour: GoogleFlavour, params: Json): Promise<{ url: string; body: string }> {
  let seen: { url: string; body: string } | undefined;
  const original = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    seen ??= { url: String(url), body: String(init.body) };
    return new Response('{"error":{"message":"stub"}}', { status: 400, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  try {
    const client = flavour === 'gemini'
      ? new GoogleGenAI({ apiKey: 'test-key' })
      : new GoogleGenAI({ vertexai: true, apiKey: 'test-key', apiVersion: 'v1' });
    await expect(client.models.generateContentStream(structuredClone(params) as never)).rejects.toThrow();
  } finally {
    globalThis.fetch = original;
  }
  return seen!;
}

const GOOGLE_PARAMS: [string, Json][] = [
  ['every part pi sends, with ids and signatures', {
    model: 'gemini-3-pro-preview',
    contents: [
      { role: 'user', parts: [{ text: 'look' }, { inlineData: { mimeType: 'image/png', data: 'iVBORw0KGgo=' } }] },
      { role: 'model', parts: [{ thought: true, text: 'plan', thoughtSignature: 'c2ln' }, { text: 'ok', thoughtSignature: 'dGV4dA==' }, { functionCall: { name: 'read', args: { path: 'a' }, id: 'call_1' }, thoughtSignature: 'Y2FsbA==' }, { functionCall: { name: 'ping', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'read', response: { output: 'x' }, parts: [{ inlineData: { mimeType: 'image/png', data: 'AAAA' } }], id: 'call_1' } }, { functionResponse: { name: 'ping', response: { error: 'no' } } }] },
      { role: 'user', parts: [{ text: '' }] },
    ],
    config: {
      temperature: 0.3,
      maxOutputTokens: 100,
      systemInstruction: 'be brief',
      tools: [{ functionDeclarations: [{ name: 'read', description: 'Read.', parametersJsonSchema: { type: 'object', properties: { path: { type: 'string' } } } }, { name: 'ping', parametersJsonSchema: { type: 'object' } }] }],
      toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['read'] } },
      thinkingConfig: { thinkingLevel: 'LOW', includeThoughts: true },
    },
  }],
  ['no tools, no system prompt, a thinking budget', {
    model: 'gemini-2.5-flash',
    contents: [{ parts: [{ text: 'hi' }], role: 'user' }],
    config: { maxOutputTokens: 8, thinkingConfig: { thinkingBudget: 0 } },
  }],
];

describe.each(['gemini', 'vertex'] as const)('%s wire body against @google/genai', (flavour) => {
  it.each(GOOGLE_PARAMS)('%s', async (_name, params) => {
    const sent = await googleRequest(flavour, params);
    expect(sent.url).toContain(`/${googleModelPath(params.model, flavour)}:streamGenerateContent?alt=sse`);
    expect(JSON.stringify(googleWireBody(params, flavour))).toBe(sent.body);
  });
});
