// Work that may wait until the screen shows what is already in the DOM: runs in the task after the next frame's
// rendering (a message posted from a requestAnimationFrame callback), or at once when no frame is coming (a
// hidden page gets no animation frames).
// All work waiting for the same frame shares one frame callback and one message on one channel: an edit schedules
// and cancels deferred work several times before its frame, and a MessageChannel of its own each time (made,
// started, closed) cost the main thread more than the work it put off (docs/decisions/providers-keystroke-paint-first.md).

interface Deferred { work: () => void; done: boolean }

/** The work waiting for the next frame, and that frame's callback. */
let waiting: { entries: Deferred[]; live: number; frame: number } | undefined;
/** Batches whose frame has come, in order, each run by one message. */
const due: Deferred[][] = [];
let channel: MessageChannel | undefined;

function runDue(): void {
  for (const entry of due.shift() ?? []) {
    if (entry.done) continue;
    entry.done = true;
    entry.work();
  }
}

function onFrame(): void {
  if (!waiting) return;
  due.push(waiting.entries);
  waiting = undefined;
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = runDue;
  }
  channel.port2.postMessage(null);
}

/** Runs `work` after the next paint; the returned function cancels it if it has not run yet. */
export function afterPaint(work: () => void): () => void {
  const entry: Deferred = { work, done: false };
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function' || document.visibilityState === 'hidden') {
    const timer = setTimeout(() => { if (!entry.done) { entry.done = true; work(); } }, 0);
    return () => { entry.done = true; clearTimeout(timer); };
  }
  waiting ??= { entries: [], live: 0, frame: requestAnimationFrame(onFrame) };
  const batch = waiting;
  batch.entries.push(entry);
  batch.live++;
  return () => {
    if (entry.done) return;
    entry.done = true;
    // Nothing left for that frame: no frame callback either (a frame is drawn for a pending callback).
    if (waiting === batch && --batch.live === 0) {
      cancelAnimationFrame(batch.frame);
      waiting = undefined;
    }
  };
}
