// The canned replies the provider stand-in streams: what one assistant turn says (thinking, text, tool calls) or how
// it fails (an HTTP status, a cut or malformed stream, a refused CORS request). A script is the list of replies for
// the turns of one run, chosen by the request's model id; the turn is how many assistant turns the request holds.

export type WireApi =
  | 'openai-completions'
  | 'openai-responses'
  | 'anthropic-messages'
  | 'google-generative-ai'
  | 'mistral-conversations';

export const WIRE_APIS: readonly WireApi[] = [
  'openai-completions', 'openai-responses', 'anthropic-messages', 'google-generative-ai', 'mistral-conversations',
];

export interface CannedToolCall { id: string; name: string; arguments: Record<string, unknown> }

export interface CannedReply {
  thinking?: string;
  text?: string;
  toolCalls?: CannedToolCall[];
  /** Answer with this HTTP status and the API's error body carrying `message` (`{key}` is replaced by the key sent). */
  error?: { status: number; message: string };
  /** Stop sending after this many frames and drop the connection. */
  cutAfterFrames?: number;
  /** Send a frame that is not JSON after the first frames. */
  malformed?: boolean;
  /** Answer without CORS headers: the browser refuses the response. */
  noCors?: boolean;
  /** Wait before answering (an abort test stops the request meanwhile). */
  holdMs?: number;
}

export type Script = CannedReply[];

/** What the wire encoders need from a request: its model, the turn, the key it carried. */
export interface StandInRequest {
  api: WireApi;
  model: string;
  turn: number;
  apiKey: string;
  body: unknown;
  headers: Record<string, string | string[] | undefined>;
}

/** A tool call, a text answer after the result: the default script (`standin-tools`) and the parity tests' script. */
export function toolThenAnswer(toolName: string, args: Record<string, unknown>, answer = 'The tool answered; done.'): Script {
  return [
    { thinking: 'The user wants the tool. I will call it.', text: 'Let me call the tool.', toolCalls: [{ id: 'call_standin_1', name: toolName, arguments: args }] },
    { text: answer },
  ];
}

export const BUILT_IN_SCRIPTS: Record<string, Script> = {
  'standin-text': [{ text: 'Hello from the stand-in model.' }],
  'standin-401': [{ error: { status: 401, message: 'Incorrect API key provided: {key}. You can find your API key in your account settings.' } }],
  'standin-429': [{ error: { status: 429, message: 'Rate limit reached for requests. Please try again in 20s.' } }],
  'standin-500': [{ error: { status: 500, message: 'The server had an error while processing your request.' } }],
  'standin-cut': [{ text: 'This answer will be cut off somewhere in the middle of it, as a dropped connection does.', cutAfterFrames: 3 }],
  'standin-malformed': [{ text: 'A broken frame follows.', malformed: true }],
  'standin-no-cors': [{ text: 'Never seen by a browser.', noCors: true }],
  'standin-hold': [{ text: 'Too late.', holdMs: 30_000 }],
};

function countRuns(items: unknown[], isAssistant: (item: any) => boolean): number {
  let runs = 0;
  let inRun = false;
  for (const item of items) {
    const assistant = isAssistant(item);
    if (assistant && !inRun) runs++;
    inRun = assistant;
  }
  return runs;
}

/** How many assistant turns a request's history holds: the index of the turn to answer. */
export function turnOf(api: WireApi, body: any): number {
  switch (api) {
    case 'openai-completions':
    case 'mistral-conversations':
    case 'anthropic-messages':
      return (body?.messages ?? []).filter((m: any) => m?.role === 'assistant').length;
    case 'google-generative-ai':
      return (body?.contents ?? []).filter((c: any) => c?.role === 'model').length;
    case 'openai-responses':
      return countRuns(Array.isArray(body?.input) ? body.input : [], (item) =>
        item?.type === 'function_call' || item?.type === 'reasoning' || (item?.type === 'message' && item?.role === 'assistant') || item?.role === 'assistant');
  }
}

/** Cuts a text into pieces of about `size` characters (the stand-in's deltas). */
export function pieces(text: string, size = 8): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length ? out : [''];
}
