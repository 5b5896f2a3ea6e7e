// Build step: puts the page's Content-Security-Policy (scripts/csp/page-policy.ts) into index.html right after the
// charset declaration (which must stay within the first 1024 bytes), before any script. The dev server gets the same
// policy plus ws:/wss: for hot reload (docs/decisions/page-csp.md);
// Vitest's test pages get none (its runner injects inline scripts).
import type { Plugin } from 'vite';
import { EXTRA_CONNECT_ENV, pageContentSecurityPolicy, parseExtraConnectSources } from './csp/page-policy.ts';

export function contentSecurityPolicy(env: Record<string, string | undefined> = process.env): Plugin {
  let policy = '';
  return {
    name: 'pi-content-security-policy',
    apply: () => !env.VITEST,
    configResolved(config) {
      const extra = parseExtraConnectSources(env[EXTRA_CONNECT_ENV]);
      // The dev server's hot-reload socket: its address follows server.hmr (host, port, clientPort may differ from
      // the page's) and some browsers do not count ws: as 'self'.
      if (config.command === 'serve') extra.push('ws:', 'wss:');
      policy = pageContentSecurityPolicy({ extraConnectSources: extra });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
        if (!charset) throw new Error('index.html: expected a <meta charset> to put the Content-Security-Policy after');
        const meta = `\n    <meta http-equiv="Content-Security-Policy" content="${policy.replaceAll('"', '&quot;')}" />`;
        const at = charset.index + charset[0].length;
        return html.slice(0, at) + meta + html.slice(at);
      },
    },
  };
}
