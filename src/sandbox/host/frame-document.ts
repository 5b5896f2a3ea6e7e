// The sandbox frame's document: its one inline script (start, kill and report the worker) and its own
// Content-Security-Policy. The policy is the sandbox's network switch: with the network off, nothing in the frame or
// its worker may connect anywhere or load anything from outside (docs/decisions/sandbox-network.md). A srcdoc frame
// also inherits the page's policy, so the page must allow this script by its hash (scripts/csp/page-policy.ts).

export const FRAME_BOOTSTRAP_SCRIPT = `
"use strict";
let worker = null;
let url = null;
function stop() {
  if (worker) worker.terminate();
  if (url) URL.revokeObjectURL(url);
  worker = null;
  url = null;
}
addEventListener("message", (event) => {
  if (event.source !== parent || !event.data) return;
  if (event.data.type === "kill") return stop();
  if (event.data.type !== "spawn") return;
  stop();
  try {
    url = URL.createObjectURL(new Blob([event.data.source], { type: "text/javascript" }));
    worker = new Worker(url, { name: "pi-playground-sandbox" });
    worker.addEventListener("error", (e) => {
      parent.postMessage({ type: "worker-error", message: e.message || "the sandbox worker failed to start" }, "*");
    });
    worker.postMessage({ type: "connect" }, [event.ports[0]]);
  } catch (error) {
    parent.postMessage({ type: "worker-error", message: String(error) }, "*");
  }
});
parent.postMessage({ type: "frame-ready" }, "*");
`;

/**
 * The CSP hash source of FRAME_BOOTSTRAP_SCRIPT (SHA-256, base64). Kept as a constant because the frame is built
 * synchronously and crypto.subtle is missing outside secure contexts; a test recomputes it, so it cannot go stale.
 */
export const FRAME_BOOTSTRAP_HASH = "'sha256-n84CHfmf9ExVe42TGW7sk0PjKuR6U2rMkKyeS2tLHzc='";

/**
 * The frame's own policy. Its worker inherits it (a blob: worker takes its creator's policies): the worker may run
 * the runtime (blob:), user code (`new Function`, hence 'unsafe-eval') and syntax probes (importScripts of blob:).
 * `network` opens connections only (fetch, XMLHttpRequest, WebSocket, EventSource); loading remote code, fonts,
 * images or frames stays refused either way.
 */
export function sandboxFramePolicy(network: boolean): string {
  return [
    "default-src 'none'",
    `script-src ${FRAME_BOOTSTRAP_HASH} 'unsafe-eval' blob:`,
    'worker-src blob:',
    `connect-src ${network ? '*' : "'none'"}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/** The srcdoc of the frame. */
export function frameDocument(network: boolean): string {
  const policy = sandboxFramePolicy(network).replaceAll('"', '&quot;');
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${policy}">`
    + `<title>pi playground sandbox</title><script>${FRAME_BOOTSTRAP_SCRIPT}</script>`;
}
