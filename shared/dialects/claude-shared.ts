/**
 * A payload on Claude's settings file that no known reader's fingerprint claims. It is read leniently
 * (every reader's shell, read and edit tool names and path fields) and answered in the one form every
 * reader of that file honours: exit 2 with the reason on stderr for a deny, nothing otherwise
 * (README "Which agents run which file"; fixtures/readers/).
 */
import type { Dialect, Rendered } from "../dialect.ts";
import type { Decision, GuardEvent } from "../event.ts";
import { askAsDeny, claudeFamily } from "./claude-family.ts";
import { CLAUDE_EVENTS } from "./claude.ts";
import { empty, exitBlock } from "./output.ts";

const lenient = claudeFamily({
  id: "claude",
  agent: "an agent running Claude's hooks",
  events: CLAUDE_EVENTS,
  tools: {
    shell: ["Bash", "PowerShell", "Shell", "run_in_terminal"],
    read: ["Read", "ReadFile", "read_file"],
    edit: ["Write", "Edit", "MultiEdit", "NotebookEdit", "create_file", "replace_string_in_file", "insert_edit_into_file"],
    pathKeys: ["file_path", "path", "filePath", "notebook_path"],
    commandKey: "command",
  },
  projectDirEnv: "CLAUDE_PROJECT_DIR",
  supportsAsk: false,
  appliesUpdatedInput: false,
  detect: () => false,
  subscriptions: {},
});

function render(decision: Decision, _event: GuardEvent | undefined): Rendered {
  const effective = decision.action === "ask" ? askAsDeny(decision) : decision;
  return effective.action === "deny" ? exitBlock(effective) : empty();
}

export const claudeShared: Dialect = { ...lenient, render, canRewrite: () => false };
