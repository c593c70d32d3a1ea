/**
 * Waits until `condition` holds, checking every 5 ms (a condition, never a fixed sleep); fails after
 * `timeoutMs` saying what was awaited.
 */
export async function until(condition: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
