// How a scripted text is cut into deltas and how long each delta takes, as pi-ai 0.85.1's faux provider does
// it, except that token sizes come from a seeded generator instead of Math.random so replays repeat exactly.

/** Token size per chunk: a fixed number, or drawn uniformly per chunk from [min, max]. One token = 4 chars. */
export type TokenSize = number | { min: number; max: number };

/** Faux's default when nothing is configured. */
export const DEFAULT_TOKEN_SIZE = { min: 3, max: 5 } as const;

/** Clamps like faux: min into [1, max], max to at least min (`{min:10,max:2}` → 8-char chunks). */
export function resolveTokenSize(size: TokenSize | undefined): { min: number; max: number } {
  const requested = typeof size === 'number' ? { min: size, max: size } : size;
  const wantedMax = requested?.max ?? DEFAULT_TOKEN_SIZE.max;
  const min = Math.max(1, Math.min(requested?.min ?? DEFAULT_TOKEN_SIZE.min, wantedMax));
  return { min, max: Math.max(min, wantedMax) };
}

/** A small deterministic generator of numbers in [0, 1) (mulberry32); the same seed gives the same sequence. */
export function createSeededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Mixes a scenario seed with a request number so each turn has its own, stable sequence. */
export function seedForRequest(seed: number, request: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(request + 1, 0x85ebca6b)) >>> 0;
}

/**
 * Splits `text` into chunks of tokenSize × 4 UTF-16 units, drawing the size per chunk. Like faux it cuts by
 * code unit, so a surrogate pair may be split across two deltas. An empty text gives one empty chunk.
 */
export function splitIntoChunks(text: string, size: { min: number; max: number }, random: () => number): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < text.length; ) {
    const tokens = size.min + Math.floor(random() * (size.max - size.min + 1));
    const width = Math.max(1, tokens * 4);
    chunks.push(text.slice(start, start + width));
    start += width;
  }
  return chunks.length > 0 ? chunks : [''];
}

/** Milliseconds a chunk takes at `tokensPerSecond` (tokens = ceil(chars / 4)); undefined when unpaced. */
export function chunkDelayMs(chunk: string, tokensPerSecond: number | undefined): number | undefined {
  if (!tokensPerSecond || tokensPerSecond <= 0) return undefined;
  return (Math.ceil(chunk.length / 4) / tokensPerSecond) * 1000;
}
