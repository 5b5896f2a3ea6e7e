// What a failed live run tells the user to do next, read from pi's error text (pi-ai puts the provider's status and
// message there; a browser's network or CORS refusal arrives as the fetch's own words).
import type { LiveHint } from './live-run-types.ts';

const RULES: readonly [LiveHint, RegExp][] = [
  ['key', /\b40[13]\b|api[ _-]?key|unauthori[sz]ed|authenticat|permission denied|invalid x-api-key/i],
  ['rate-limit', /\b429\b|rate[ _-]?limit|quota|too many requests|resource[ _]exhausted/i],
  ['server', /\b5\d\d\b|server (had an )?error|overloaded|internal error|service unavailable/i],
  ['network', /failed to fetch|networkerror|network error|load failed|fetch failed|cors|connection (error|refused)|err_/i],
];

/**
 * The hint for an error text; `stream` (the reply broke off or could not be read) when nothing else fits, and when
 * the reply had already begun (`started`): a connection lost mid-reply reads as a network error in a browser, but
 * the endpoint was reached, so the base URL and CORS are not what to check.
 */
export function hintFor(errorText: string, started = false): LiveHint {
  for (const [hint, pattern] of RULES) {
    if (started && hint === 'network') continue;
    if (pattern.test(errorText)) return hint;
  }
  return 'stream';
}
