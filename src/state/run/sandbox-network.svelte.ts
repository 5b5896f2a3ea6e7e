// Whether tool code may use the network: a setting of the workspace (saved with it under SANDBOX_NETWORK_KEY), off
// unless its owner turns it on, and turned off again for whatever arrives by link or file (portable.svelte.ts).
// The sandbox follows it: a change re-creates the sandbox under the matching policy (docs/decisions/sandbox-network.md).
import { SANDBOX_NETWORK_KEY } from '../../storage/keys.ts';
import type { ToolRuntime } from './tool-runtime.ts';
import type { WorkspaceState } from '../workspace/workspace.svelte.ts';

export function parseSandboxNetwork(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { allowed?: unknown }).allowed === true;
}

/** `workspace` without the setting: what a link, file or import may carry is never the sender's choice. */
export function withoutSandboxNetwork<W extends Record<string, unknown>>(workspace: W): W {
  const { [SANDBOX_NETWORK_KEY]: _dropped, ...rest } = workspace;
  return rest as W;
}

export type SandboxNetworkStatus = 'idle' | 'switching' | 'failed';

export class SandboxNetworkState {
  #applied = false;
  #status = $state<SandboxNetworkStatus>('idle');
  #error = $state<string | null>(null);
  #unsubscribe: (() => void) | undefined;
  #pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly runtime: Pick<ToolRuntime, 'setNetwork'> | null,
    private readonly workspace: WorkspaceState,
  ) {}

  /** The workspace's setting (what the switch shows). */
  get allowed(): boolean { return parseSandboxNetwork(this.workspace.extension(SANDBOX_NETWORK_KEY)); }
  /** Whether this sandbox can switch at all (a stand-in without setNetwork cannot). */
  get available(): boolean { return typeof this.runtime?.setNetwork === 'function'; }
  /** 'switching' while the sandbox is re-created; 'failed' (with `error`) when that did not work. */
  get status(): SandboxNetworkStatus { return this.#status; }
  get error(): string | null { return this.#error; }

  /** Follows the workspace from now on; applies its setting at once (before the first evaluation, so no re-creation). */
  start(): void {
    this.#unsubscribe = this.workspace.onChange(() => void this.#sync());
    void this.#sync();
  }

  /** Turns network access for tool code on or off (saved with the workspace, not an undo step). */
  set(allowed: boolean): Promise<void> {
    if (allowed !== this.allowed) this.workspace.updateExtension(SANDBOX_NETWORK_KEY, { allowed });
    return this.#sync();
  }

  /** Resolves once the sandbox runs under the current setting. */
  settled(): Promise<void> { return this.#pending; }

  #sync(): Promise<void> {
    const wanted = this.allowed;
    if (wanted === this.#applied || !this.runtime?.setNetwork) return this.#pending;
    this.#applied = wanted;
    this.#status = 'switching';
    this.#error = null;
    // Asked at once, not after the previous switch: the sandbox takes the newest setting synchronously (a lazy one
    // is then created with it), and a later switch supersedes an earlier one under way.
    let run: Promise<void>;
    try {
      run = Promise.resolve(this.runtime.setNetwork(wanted));
    } catch (error) {
      run = Promise.reject(error);
    }
    const settled = run.then(
      () => { if (this.#applied === wanted) this.#status = 'idle'; },
      (error: unknown) => {
        if (this.#applied !== wanted) return;
        this.#status = 'failed';
        this.#error = error instanceof Error ? error.message : String(error);
      },
    );
    this.#pending = settled;
    return settled;
  }

  dispose(): void {
    this.#unsubscribe?.();
  }
}
