// The page's Content-Security-Policy, as the built app ships it in a <meta> tag (scripts/vite-csp.ts). Connections
// go to the app's own origin, the provider hosts of pi-ai's catalog and local servers (Ollama, LM Studio: no key
// needed), plus what the build adds (PI_PLAYGROUND_CONNECT_SRC). Everything else is as tight as the app allows;
// docs/decisions/page-csp.md says why each source is there.
import { FRAME_BOOTSTRAP_HASH } from '../../src/sandbox/host/frame-document.ts';
import { providerConnectSources } from './provider-hosts.ts';

/** Local OpenAI-compatible servers, any port. */
export const LOCAL_CONNECT_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

/** The build-time variable that adds connect-src sources (space separated). */
export const EXTRA_CONNECT_ENV = 'PI_PLAYGROUND_CONNECT_SRC';

// A scheme with a host (a `*.` wildcard and a `:port` or `:*` allowed), an optional path; nothing else.
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?(\/[\w\-./~%]*)?$/i;

/** The sources in `value` (space or comma separated); throws naming the first one that is not a host source. */
export function parseExtraConnectSources(value: string | undefined): string[] {
  const sources = (value ?? '').split(/[\s,]+/).filter(Boolean);
  for (const source of sources) {
    if (!SOURCE.test(source)) {
      throw new Error(`${EXTRA_CONNECT_ENV}: "${source}" is not a host source such as https://llm.example.com or http://192.168.1.20:11434`);
    }
  }
  return sources;
}

export interface PagePolicyOptions {
  /** More connect-src sources (from PI_PLAYGROUND_CONNECT_SRC). */
  extraConnectSources?: readonly string[];
  /** The provider hosts (default: read from pi-ai's catalog). */
  providerSources?: readonly string[];
}

/** The policy as `directive sources; …`. */
export function pageContentSecurityPolicy(options: PagePolicyOptions = {}): string {
  const connect = ["'self'", ...(options.providerSources ?? providerConnectSources()), ...LOCAL_CONNECT_SOURCES, ...(options.extraConnectSources ?? [])];
  return [
    "default-src 'self'",
    // 'unsafe-eval': TypeBox compiles validators with new Function, and so does the sandbox worker, which inherits
    // this policy through its srcdoc frame; blob: and the bootstrap's hash are for that frame and its worker too.
    `script-src 'self' 'unsafe-eval' blob: ${FRAME_BOOTSTRAP_HASH}`,
    'worker-src blob:',
    `connect-src ${[...new Set(connect)].join(' ')}`,
    // Pictures from the virtual filesystem are shown through blob: URLs; data: for inline images.
    "img-src 'self' data: blob:",
    "media-src 'self' blob:",
    // CodeMirror and Svelte's transitions write <style> elements and style attributes.
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self'",
    // The sandbox frame is a srcdoc document: no URL is framed.
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
    "manifest-src 'self'",
  ].join('; ');
}
