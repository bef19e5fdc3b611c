// The one way a test waits for something that happens on its own time (a job, a process): it
// asks again and again, and gives up at a deadline, naming what it waited for.

/** Calls `read` every 50 ms until it gives a value; throws naming `what` once `deadlineMs` has passed. */
export async function poll<T>(what: string, deadlineMs: number, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50)); // the polling interval
  }
}
