// The provider hosts the page may connect to, read from pi-ai 0.85.1's own model catalog (the JSON files its
// models are built from), so the list follows the package and cannot drift from it. A host counts when a catalog
// model reaches it through an API a browser can call directly with a key: pi's OpenAI-style, Anthropic, Gemini and
// Mistral APIs. Bedrock (signed requests), Vertex (a templated host, OAuth), Azure (the user's own resource) and the
// Codex API (a ChatGPT login) are left out.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BROWSER_CALLABLE_APIS = [
  'openai-completions', 'openai-responses', 'anthropic-messages', 'google-generative-ai', 'mistral-conversations',
] as const;

/** Where pi-ai keeps its catalog: one JSON file per provider, `{ [api]: { [modelId]: model } }`. */
export const PI_AI_CATALOG_DIR = fileURLToPath(new URL('../../node_modules/@earendil-works/pi-ai/dist/providers/data/', import.meta.url));

interface CatalogModel { api?: unknown; baseUrl?: unknown }

/** `https://host` for every catalog model on a browser-callable API, sorted, each once. */
export function providerConnectSources(catalogDir = PI_AI_CATALOG_DIR): string[] {
  const apis = new Set<string>(BROWSER_CALLABLE_APIS);
  const sources = new Set<string>();
  for (const file of readdirSync(catalogDir).filter((name) => name.endsWith('.json') && !name.startsWith('.'))) {
    const groups = JSON.parse(readFileSync(join(catalogDir, file), 'utf8')) as Record<string, Record<string, CatalogModel>>;
    for (const models of Object.values(groups)) {
      for (const model of Object.values(models)) {
        if (typeof model.api !== 'string' || !apis.has(model.api) || typeof model.baseUrl !== 'string') continue;
        if (model.baseUrl.includes('{')) continue; // a template the user fills in (a region, an account)
        const url = new URL(model.baseUrl);
        if (url.protocol === 'https:') sources.add(url.origin);
      }
    }
  }
  if (sources.size === 0) throw new Error(`No provider hosts found in pi-ai's model catalog at ${catalogDir}`);
  return [...sources].sort();
}
