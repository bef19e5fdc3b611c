// Run by the build (scripts/build.mjs) as `node dist/embedded-template-build.js <file>`: makes the
// embedded database's template (embedded-template.ts) in a temporary directory, shuts it down
// cleanly (so opening a copy needs no recovery), and packs the directory into <file>, gzipped.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { create } from "tar";
import { prepareEmbeddedTemplate } from "./embedded-template";
import { openDatabase } from "../platform/db/client";
import { EMBEDDED_DATABASE_MARKER } from "../platform/db/data-dir";

const target = process.argv[2];
if (!target) throw new Error("usage: embedded-template-build <file>");
const dir = mkdtempSync(path.join(os.tmpdir(), "canopy-template-"));
try {
  const database = await openDatabase({ databaseUrl: null, dataDir: dir });
  try {
    await prepareEmbeddedTemplate(database);
  } finally {
    await database.close();
  }
  // The marker goes last: unpacking writes entries in order, so one cut short leaves no marker,
  // and the next start sees an empty directory and unpacks again.
  // Every path is listed (tar would otherwise read directories as it goes, in an order of its own).
  const entries = readdirSync(dir, { recursive: true })
    .map(String)
    .filter((name) => name !== EMBEDDED_DATABASE_MARKER)
    .sort();
  await create({ file: target, cwd: dir, gzip: true, portable: true, noDirRecurse: true }, [...entries, EMBEDDED_DATABASE_MARKER]);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
