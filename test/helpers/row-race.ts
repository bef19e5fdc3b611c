// Two requests that move one row at once, made to collide on a server database: another
// connection holds the row's lock until both requests wait for it, then lets go. Each has read
// the row's state unlocked by then, so the second must see what the first did after the wait.
import pg from "pg";
import type { Harness, Schemas } from "./harness";

export class RowRace {
  /** Holds the row lock while both requests line up behind it. */
  private readonly holder: pg.Client;
  /** Watches the server's sessions; outside any transaction, so each look is fresh. */
  private readonly watcher: pg.Client;

  constructor(url: string) {
    this.holder = new pg.Client({ connectionString: url });
    this.watcher = new pg.Client({ connectionString: url });
  }

  async connect(): Promise<void> {
    await Promise.all([this.holder.connect(), this.watcher.connect()]);
  }

  async end(): Promise<void> {
    await Promise.all([this.holder.end(), this.watcher.end()]);
  }

  /** Sends `request` twice at once while `table`'s row `id` is locked; both answers, by status. */
  async twice(table: string, id: string, request: () => ReturnType<Harness["request"]>) {
    await this.holder.query("begin");
    await this.holder.query(`select id from ${table} where id = $1 for update`, [id]);
    const answers = Promise.all([request(), request()]);
    for (;;) {
      const { rows } = await this.watcher.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      if (rows[0]!.n === 2) break;
      await new Promise((resolve) => setTimeout(resolve, 10)); // the polling interval
    }
    await this.holder.query("commit");
    return (await answers)
      .map((res) => ({ status: res.statusCode, detail: res.json<Partial<Schemas["Error"]>>().detail }))
      .sort((a, b) => a.status - b.status);
  }
}
