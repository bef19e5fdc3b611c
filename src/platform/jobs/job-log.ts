// Which job failures have been logged already. A task's runner logs its own failure line, with
// the task's id, type and reason, and then rethrows so that the queue retries the job; the queue
// logs every other failure of a handler, and must not log that one a second time.
const logged = new WeakSet<object>();

/** Marks `err` as logged by the handler; returns it, for `throw alreadyLogged(err)`. */
export function alreadyLogged<E>(err: E): E {
  if (typeof err === "object" && err !== null) logged.add(err);
  return err;
}

export function wasLogged(err: unknown): boolean {
  return typeof err === "object" && err !== null && logged.has(err);
}
