// The embedded database's directory (DATA_DIR), checked before anything is opened in it: a
// directory that cannot be created or written fails start-up at once, naming the path, instead
// of leaving the database or the operator socket to retry. Only its owner may enter it, and the
// files this process creates there (PGlite creates them world-readable) are owner-only.
import fs from "node:fs";
import path from "node:path";
import { ConfigError } from "../config";

/**
 * mkdir -p without `recursive: true`, whose implementation in Node spins forever on some paths
 * (under /proc, for one) instead of failing. The last directory is created 0700.
 */
function makeDirectory(dir: string, mode: number): void {
  try {
    fs.mkdirSync(dir, { mode });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return;
    const parent = path.dirname(dir);
    if (code !== "ENOENT" || parent === dir) throw err;
    makeDirectory(parent, 0o755);
    fs.mkdirSync(dir, { mode });
  }
}

export interface DataDirState {
  /** The absolute path. */
  dir: string;
  /** Whether no database is there yet: the first start creates one (initdb, a few seconds). */
  fresh: boolean;
}

/** Makes `dir` ready for the embedded database or throws a ConfigError naming DATA_DIR and why. */
export function prepareDataDir(dir: string): DataDirState {
  const absolute = path.resolve(dir);
  try {
    makeDirectory(absolute, 0o700);
    const stat = fs.statSync(absolute);
    if (!stat.isDirectory()) throw new Error("it is not a directory");
    // A directory left by an earlier version, or made by hand, is closed to other users too.
    if ((stat.mode & 0o077) !== 0) fs.chmodSync(absolute, 0o700);
    const probe = path.join(absolute, `.canopy-write-check-${process.pid}`);
    fs.writeFileSync(probe, "");
    fs.rmSync(probe);
  } catch (err) {
    throw new ConfigError("DATA_DIR", `${absolute} cannot be used: ${(err as Error).message}`);
  }
  // Everything this process creates from now on (database files, the socket) is owner-only.
  process.umask(0o077);
  return { dir: absolute, fresh: !hasEmbeddedDatabase(absolute) };
}

/** The file whose presence means a directory holds an embedded database (initdb writes it). */
export const EMBEDDED_DATABASE_MARKER = "PG_VERSION";

/** Whether `dir` holds an embedded database; looks without creating anything. */
export function hasEmbeddedDatabase(dir: string): boolean {
  return fs.existsSync(path.join(dir, EMBEDDED_DATABASE_MARKER));
}

/**
 * Takes group and other permissions off everything under `dir`. PGlite writes the files of a new
 * database (and a few it rewrites) with modes of its own, 0666 and 0644, whatever the umask; run
 * after it opened the directory. The directory itself is 0700 already, so this is the second lock.
 */
export function restrictToOwner(dir: string): void {
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    const { mode } = fs.lstatSync(file);
    if ((mode & 0o077) !== 0 && !entry.isSymbolicLink()) fs.chmodSync(file, mode & 0o700);
  }
}
