// The sandbox frame: an `<iframe sandbox="allow-scripts">` (no allow-same-origin, so its origin is opaque and
// it cannot reach the app's storage, cookies or DOM) whose only job is to start and kill the worker that runs
// user code. The worker gets its code as text (a blob URL made inside the frame) and a port to the host. The frame's
// document (frame-document.ts) carries the policy that decides whether the worker may use the network.
import { frameDocument } from './frame-document.ts';

export class SandboxFrame {
  private readonly iframe: HTMLIFrameElement;
  private readonly loaded: Promise<void>;
  private readonly onMessage: (event: MessageEvent) => void;

  /**
   * `onWorkerError` hears failures to start the worker (a CSP that forbids blob: workers, say). `network`: whether
   * the worker may connect anywhere (fixed for the frame's life; another setting needs another frame).
   */
  constructor(private readonly onWorkerError: (message: string) => void, readonly network = false) {
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
    this.iframe.srcdoc = frameDocument(network);
    this.iframe.dataset.network = network ? 'on' : 'off';
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
