// Every query for a workspace-owned row goes through these helpers, so the workspace condition
// cannot be forgotten: a row of another workspace is simply not found (404, never 403).
import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

export interface WorkspaceOwned {
  workspaceId: PgColumn;
}

export interface HasWorkspace {
  workspace: { id: string };
}

/** The condition selecting `table`'s rows in the context's workspace, plus any others given. */
export function inWorkspace(ctx: HasWorkspace, table: WorkspaceOwned, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.workspaceId, ctx.workspace.id), ...conditions) as SQL;
}
