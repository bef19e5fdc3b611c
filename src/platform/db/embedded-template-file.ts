// The embedded database's template (src/app/embedded-template.ts), made by the build beside the
// compiled code, unpacked into a new DATA_DIR by a first start. Absent when canopy runs from its
// sources (tests, benchmarks) or from a build that could not make one: the first start then
// creates the database itself, which takes seconds longer.
import { existsSync } from "node:fs";
import path from "node:path";
import { extract } from "tar";
import { PACKAGE_ROOT } from "../package-root";

const BUILT_TEMPLATE = path.join(PACKAGE_ROOT, "dist", "embedded-template.tgz");

/** The build's template, or null when there is none. */
export function embeddedTemplateFile(file = BUILT_TEMPLATE): string | null {
  return existsSync(file) ? file : null;
}

/** Unpacks a template into `dir`, which holds no database yet. */
export function unpackEmbeddedTemplate(file: string, dir: string): void {
  // The umask (0077, data-dir.ts) already makes every file owner-only: no chmod after each write.
  extract({ file, cwd: dir, sync: true, strict: true, chmod: false });
}
