// How audit-log reads share the process. On the embedded database every statement runs on this
// thread, and statements waiting for its one connection run back to back without the event
// loop getting a turn: twenty reads started together used to hold every other request for
// seconds. So a read is done in steps (audit-read.ts), and
//   - before each step the event loop gets a turn, so requests that arrived meanwhile are read
//     and their statements queued before the next step;
//   - on the embedded database one audit step runs at a time in the whole process, so at most
//     one step is ever queued ahead of another request's statement;
//   - a user runs at most QUERIES_PER_USER reads at once (the rest wait their turn), so that one
//     user's many reads neither crowd out another user's reads nor hold the server's connections.

/** The unit of work of a read: one statement and the work on its answer. */
export type Step = <T>(work: () => Promise<T>) => Promise<T>;

// Two: a user's second read (another page, another filter) need not wait for the first, and
// more at once would only wait in the database's queue instead of here.
export const QUERIES_PER_USER = 2;

/** At most `capacity` at once; the others start first come, first served. */
class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly capacity: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.capacity) this.running++;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The place passes straight to the next in line, so that no newcomer overtakes it.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }

  get idle(): boolean {
    return this.running === 0;
  }
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

const embeddedSteps = new Gate(1);
const readsOfUser = new Map<string, Gate>();

const serverStep: Step = async (work) => {
  await yieldToEventLoop();
  return work();
};

// The turn comes after the place is taken: a step that was waiting would otherwise run right
// after the previous one, without a turn between them.
const embeddedStep: Step = (work) => embeddedSteps.run(() => serverStep(work));

/** Runs `read` as one of the user's audit reads, its steps paced as described above. */
export async function pacedAuditRead<T>(userId: string, embedded: boolean, read: (step: Step) => Promise<T>): Promise<T> {
  let gate = readsOfUser.get(userId);
  if (!gate) {
    gate = new Gate(QUERIES_PER_USER);
    readsOfUser.set(userId, gate);
  }
  try {
    return await gate.run(() => read(embedded ? embeddedStep : serverStep));
  } finally {
    if (gate.idle && readsOfUser.get(userId) === gate) readsOfUser.delete(userId);
  }
}
