// Work that may wait until the screen shows what is already in the DOM: runs in the task after the next frame's
// rendering (a message posted from a requestAnimationFrame callback), or at once when no frame is coming (a
// hidden page gets no animation frames).

/** Runs `work` after the next paint; the returned function cancels it if it has not run yet. */
export function afterPaint(work: () => void): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    work();
  };
  if (typeof requestAnimationFrame !== 'function' || typeof MessageChannel !== 'function' || document.visibilityState === 'hidden') {
    const timer = setTimeout(run, 0);
    return () => { done = true; clearTimeout(timer); };
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { channel.port1.close(); run(); };
  const frame = requestAnimationFrame(() => channel.port2.postMessage(null));
  return () => {
    done = true;
    cancelAnimationFrame(frame);
    channel.port1.close();
  };
}
