// A small Server-Sent Events reader for canned replies: frames split on blank lines, `event:` and `data:`
// fields collected (multi-line data joined with newlines), comments ignored, CRLF accepted.

export interface SseFrame {
  event?: string;
  data: string;
  /** The frame's non-empty lines as received (comments included), for error messages. */
  raw: string[];
}

export function readSse(text: string): SseFrame[] {
  const frames: SseFrame[] = [];
  let event: string | undefined;
  let data: string[] = [];
  let raw: string[] = [];
  let open = false;
  const flush = () => {
    if (open) frames.push({ ...(event !== undefined ? { event } : {}), data: data.join('\n'), raw });
    event = undefined;
    data = [];
    raw = [];
    open = false;
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === '') {
      flush();
      continue;
    }
    raw.push(line);
    if (line.startsWith(':')) continue;
    const at = line.indexOf(':');
    const field = at === -1 ? line : line.slice(0, at);
    let value = at === -1 ? '' : line.slice(at + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') {
      event = value;
      open = true;
    } else if (field === 'data') {
      data.push(value);
      open = true;
    }
  }
  flush();
  return frames;
}

/**
 * The JSON payloads of the `data:` frames, lazily (a frame that is not JSON throws a SyntaxError only when
 * reached, after the frames before it were handled), stopping at `[DONE]`.
 */
export function* sseJson(text: string): Generator<{ event?: string; value: any }> {
  for (const frame of readSse(text)) {
    const data = frame.data.trim();
    if (data === '') continue;
    if (data === '[DONE]') return;
    yield { event: frame.event, value: JSON.parse(data) };
  }
}
