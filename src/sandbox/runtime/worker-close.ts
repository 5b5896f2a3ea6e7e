// self.close() would end the worker silently after the current task: the host would only notice when the next,
// innocent call got no answer, and blame it for an endless loop. So close() is replaced (on the scope and every
// prototype that has it) by a function that throws in the code that called it: the blame stays where it belongs.

/** Replaces `close` before any user code runs; `who` names the running call for the message. */
export function disableWorkerClose(who: () => string | undefined): void {
  const refuse = function close(): never {
    throw new Error(`${who() ?? 'Module code'} called self.close(): the sandbox's worker cannot be closed from tool code`);
  };
  let target: object | null = globalThis;
  while (target) {
    if (Object.prototype.hasOwnProperty.call(target, 'close')) {
      Object.defineProperty(target, 'close', { value: refuse, writable: false, configurable: false });
    }
    target = Object.getPrototypeOf(target);
  }
}
