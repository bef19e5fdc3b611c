// The embedded database runs each statement synchronously (WebAssembly in this thread) and
// settles its promise at once, so code that awaits one statement and sends the next continues in
// a microtask: a hundred requests' and jobs' statements then run back to back without the event
// loop ever turning, and every other request, timer and heartbeat waits until the last one is
// done (measured: 0.5 to 0.8 s stalls with a hundred briefs in flight). Giving the event loop a
// turn before each statement bounds a stall to one statement's work.
import { setImmediate as nextTurn } from "node:timers/promises";
import type { PGlite, Transaction } from "@electric-sql/pglite";

type Queryable = Pick<PGlite, "query" | "exec">;

/** `target` with its query and exec methods waiting for the next turn of the event loop first. */
function turnTaking<T extends Queryable>(target: T, extra: (name: string | symbol) => unknown = () => undefined): T {
  return new Proxy(target, {
    get(object, name, receiver) {
      if (name === "query" || name === "exec") {
        const method = Reflect.get(object, name, object) as (...args: unknown[]) => Promise<unknown>;
        return async (...args: unknown[]) => {
          await nextTurn();
          return method.apply(object, args);
        };
      }
      const replaced = extra(name);
      if (replaced !== undefined) return replaced;
      const value = Reflect.get(object, name, receiver) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(object) : value;
    },
  });
}

/** The embedded database, taking turns: its statements, and those of its transactions, wait for the next turn. */
export function takingTurns(pglite: PGlite): PGlite {
  const transaction = async <T>(callback: (tx: Transaction) => Promise<T>) => {
    await nextTurn();
    return pglite.transaction((tx) => callback(turnTaking(tx)));
  };
  return turnTaking(pglite, (name) => (name === "transaction" ? transaction : undefined));
}
