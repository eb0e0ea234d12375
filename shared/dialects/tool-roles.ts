/** Which role each of an agent's own tool names plays, for the dialects that are not Claude-shaped. */
import type { ToolRole } from "./tool-event.ts";

export interface ToolRoles {
  shell: readonly string[];
  read: readonly string[];
  edit: readonly string[];
  /** MCP tools are named `<prefix><server><sep><tool>` (Crush `mcp_github_create_issue`, Cline none). */
  mcpPrefix?: string;
}

export function roleOf(tool: string, roles: ToolRoles): ToolRole {
  if (roles.shell.includes(tool)) return "shell";
  if (roles.read.includes(tool)) return "read";
  if (roles.edit.includes(tool)) return "edit";
  if (roles.mcpPrefix && tool.startsWith(roles.mcpPrefix)) return "mcp";
  return "tool";
}
