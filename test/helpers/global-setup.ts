// Builds one migrated embedded database (with the job queue's schema) for the whole run and
// dumps it to a file; every test file then starts its own fresh copy from that dump, which is
// several times faster than creating and migrating a new embedded database per file.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { prepareEmbeddedTemplate } from "../../src/app/embedded-template";
import { openDatabase } from "../../src/platform/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
  }
}

async function makeTemplate(): Promise<string> {
  const database = await openDatabase({ databaseUrl: null, dataDir: null });
  if (database.kind !== "pglite") throw new Error("expected the embedded database");
  await prepareEmbeddedTemplate(database);
  // Uncompressed: each test file unpacks it, and gunzip would cost every one of them.
  const dump = await database.pglite.dumpDataDir("none");
  await database.close();
  const file = path.join(os.tmpdir(), `canopy-test-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  return file;
}

// Every project that needs a database runs this setup, each with its own copy of this module, so
// the template they share is kept on the process's global object: made once for the run, and
// removed when the last project is done with it.
interface SharedTemplate {
  file: Promise<string>;
  users: number;
}
const shared = globalThis as typeof globalThis & { canopyTestTemplate?: SharedTemplate };

export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.CANOPY_TEST_PG) {
    project.provide("pgliteTemplate", null);
    return () => undefined;
  }
  shared.canopyTestTemplate ??= { file: makeTemplate(), users: 0 };
  const template = shared.canopyTestTemplate;
  template.users += 1;
  const file = await template.file;
  project.provide("pgliteTemplate", file);
  return () => {
    template.users -= 1;
    if (template.users === 0) {
      fs.rmSync(file, { force: true });
      delete shared.canopyTestTemplate;
    }
  };
}
