// A throwaway PostgreSQL cluster of the fault run's own: initdb into a temporary directory,
// started on a free port, restarted (stop -m fast, start) while canopy runs on it, and removed
// at the end. Its own cluster, so that a restart disturbs no one else's databases on the machine.
import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface PgCluster {
  /** Connection string of the `postgres` superuser over TCP (trust authentication). */
  url: string;
  binDir: string;
  /** Stops the server (fast: running transactions are rolled back, sessions closed), waits `downMs`, starts it again. */
  restart(downMs: number): Promise<{ stoppedMs: number; startedMs: number }>;
  /** Stops the server at once and removes the directory; synchronous, so an exit handler can call it. */
  destroy(): void;
}

function hasTools(dir: string): boolean {
  return ["initdb", "pg_ctl", "postgres"].every((tool) => fs.existsSync(path.join(dir, tool)));
}

/** The directory of initdb and pg_ctl: PG_BINDIR, then `pg_config --bindir`, then Debian's /usr/lib/postgresql/<newest>/bin. */
function findPgBinDir(): string {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  const config = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  if (config.status === 0) candidates.push(config.stdout.trim());
  const debian = "/usr/lib/postgresql";
  if (fs.existsSync(debian)) {
    const versions = fs.readdirSync(debian).filter((v) => /^\d+(\.\d+)?$/.test(v));
    versions.sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => path.join(debian, v, "bin")));
  }
  candidates.push("/usr/local/pgsql/bin");
  const found = candidates.find(hasTools);
  if (!found) {
    throw new Error(
      `no PostgreSQL server binaries (initdb, pg_ctl, postgres) found; looked in: ${candidates.join(", ") || "(nothing)"}. ` +
        "Install the PostgreSQL server package or set PG_BINDIR to the directory holding initdb.",
    );
  }
  return found;
}

/**
 * initdb refuses to run as root: as root, the cluster belongs to the `postgres` system user and
 * every server command runs through runuser; as anyone else, as that user.
 */
function asOwner(): { prefix: string[]; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const uid = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
  const gid = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
  if (uid.status !== 0 || gid.status !== 0) {
    throw new Error("running as root, but there is no `postgres` system user to own the throwaway cluster (initdb refuses root)");
  }
  return { prefix: ["runuser", "-u", "postgres", "--"], uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

export async function createPgCluster(port: number): Promise<PgCluster> {
  const binDir = findPgBinDir();
  const owner = asOwner();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "canopy-faults-pg-"));
  const data = path.join(root, "data");
  const logFile = path.join(root, "server.log");
  if (owner) fs.chownSync(root, owner.uid, owner.gid);
  const command = (tool: string, args: string[]) => {
    const argv = [...(owner?.prefix ?? []), path.join(binDir, tool), ...args];
    return { file: argv[0]!, args: argv.slice(1) };
  };
  const pgCtl = async (args: string[]) => {
    const { file, args: argv } = command("pg_ctl", ["-D", data, ...args]);
    try {
      await run(file, argv, { timeout: 120_000 });
    } catch (err) {
      const tail = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8").slice(-3000) : "";
      throw new Error(`pg_ctl ${args.join(" ")} failed: ${(err as Error).message}\n${tail}`, { cause: err });
    }
  };

  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    const { file, args } = command("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]);
    if (fs.existsSync(path.join(data, "postmaster.pid"))) spawnSync(file, args, { stdio: "ignore", timeout: 60_000 });
    fs.rmSync(root, { recursive: true, force: true });
  };

  try {
    const init = command("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
    await run(init.file, init.args, { timeout: 120_000 });
    // Settings in the file rather than on pg_ctl's -o, which is one string split on spaces.
    // fsync=off: the run stops the server cleanly (a fast stop writes everything out), so
    // flushing to disk protects nothing it tests and only loads a machine shared with others.
    fs.appendFileSync(
      path.join(data, "postgresql.conf"),
      [
        "",
        `port = ${port}`,
        "listen_addresses = '127.0.0.1'",
        `unix_socket_directories = '${root}'`,
        "max_connections = 200",
        "fsync = off",
        "",
      ].join("\n"),
    );
    await pgCtl(["-l", logFile, "-w", "-t", "60", "start"]);
  } catch (err) {
    destroy();
    throw err;
  }

  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    binDir,
    async restart(downMs) {
      const t0 = performance.now();
      await pgCtl(["-m", "fast", "-w", "-t", "60", "stop"]);
      const stoppedMs = performance.now() - t0;
      // The outage itself: how long clients find nothing listening. A chosen fault, not a wait for a condition.
      await new Promise((resolve) => setTimeout(resolve, downMs));
      const t1 = performance.now();
      await pgCtl(["-l", logFile, "-w", "-t", "60", "start"]);
      return { stoppedMs: Math.round(stoppedMs), startedMs: Math.round(performance.now() - t1) };
    },
    destroy,
  };
}
