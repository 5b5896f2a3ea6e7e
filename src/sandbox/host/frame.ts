// The sandbox frame: an `<iframe sandbox="allow-scripts">` (no allow-same-origin, so its origin is opaque and
// it cannot reach the app's storage, cookies or DOM) whose only job is to start and kill the worker that runs
// user code. The worker gets its code as text (a blob URL made inside the frame) and a port to the host.

const BOOTSTRAP = `<!doctype html><meta charset="utf-8"><title>pi playground sandbox</title><script>
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
</script>`;

export class SandboxFrame {
  private readonly iframe: HTMLIFrameElement;
  private readonly loaded: Promise<void>;
  private readonly onMessage: (event: MessageEvent) => void;

  /** `onWorkerError` hears failures to start the worker (a CSP that forbids blob: workers, say). */
  constructor(private readonly onWorkerError: (message: string) => void) {
    this.iframe = document.createElement('iframe');
    this.iframe.setAttribute('sandbox', 'allow-scripts');
    this.iframe.setAttribute('aria-hidden', 'true');
    this.iframe.tabIndex = -1;
    this.iframe.title = 'Sandbox for tool code';
    this.iframe.dataset.testid = 'tool-sandbox-frame';
    // Kept rendered (not display:none) but invisible, so no browser treats it as a background frame.
    Object.assign(this.iframe.style, { position: 'fixed', width: '0', height: '0', border: '0', opacity: '0', pointerEvents: 'none' });
    let resolveLoaded!: () => void;
    this.loaded = new Promise((resolve) => { resolveLoaded = resolve; });
    this.onMessage = (event: MessageEvent) => {
      if (event.source !== this.iframe.contentWindow || !event.data) return;
      if (event.data.type === 'frame-ready') resolveLoaded();
      else if (event.data.type === 'worker-error') this.onWorkerError(String(event.data.message));
    };
    window.addEventListener('message', this.onMessage);
    this.iframe.srcdoc = BOOTSTRAP;
    document.body.append(this.iframe);
  }

  /** Starts a worker running `source` (ending any previous one); resolves with the host's end of its port. */
  async spawn(source: string): Promise<MessagePort> {
    await this.loaded;
    const channel = new MessageChannel();
    // An opaque origin can only be addressed with "*"; the frame checks that messages come from its parent.
    this.iframe.contentWindow?.postMessage({ type: 'spawn', source }, '*', [channel.port2]);
    return channel.port1;
  }

  /** Terminates the worker at once, even in the middle of an endless loop. */
  kill(): void {
    this.iframe.contentWindow?.postMessage({ type: 'kill' }, '*');
  }

  dispose(): void {
    window.removeEventListener('message', this.onMessage);
    this.iframe.remove();
  }
}
