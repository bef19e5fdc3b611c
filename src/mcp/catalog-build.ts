// Build-time entry (scripts/build.mjs runs it once per build, in a child process): prints the MCP
// tools derived from the route registry as JSON, which the build writes to dist/mcp-tools.json.
// Importing the registry here, and not in `canopy mcp`, keeps the server's start-up light.
import { apiRoutes } from "../app/modules";
import { deriveTools } from "./catalog";
import { TOOL_TABLE } from "./tool-table";

process.stdout.write(JSON.stringify(deriveTools(apiRoutes, TOOL_TABLE)));
