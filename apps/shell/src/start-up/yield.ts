/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer a tap between
 * two steps of start-up (Total Blocking Time counts every task over 50 ms; evaluating the
 * federation runtime, the frame's modules, hydrating and the page's first price formatting in one
 * task made one long task of them). `scheduler.yield()` where Chromium has it (the continuation runs
 * before other queued tasks), otherwise a zero-delay timeout.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
