/** `enabled: false` in a config switches a hook off, except dangerous-command's catastrophic rules. */
import { describe, expect, it } from "vitest";
import { hooks } from "../../hooks/index.ts";
import { runHooks } from "../../shared/run.ts";

const payload = (command: string) =>
  JSON.stringify({ session_id: "s", transcript_path: "/tmp/t.jsonl", cwd: "/home/dev/project", permission_mode: "default", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t" });

const disabled = (id: string) => ({ data: { hooks: { [id]: { enabled: false } } }, sources: ["/home/dev/project/.guards.yaml"] });
const env = { HOME: "/home/dev", CLAUDE_PROJECT_DIR: "/home/dev/project" };

const decisionOf = async (id: keyof typeof hooks, command: string, off: boolean) => {
  const rendered = await runHooks([hooks[id]], payload(command), { dialect: "claude", env, config: off ? disabled(id) : { data: {}, sources: [] } });
  if (!rendered.stdout) return "pass";
  return (JSON.parse(rendered.stdout) as { hookSpecificOutput: { permissionDecision: string } }).hookSpecificOutput.permissionDecision;
};

describe("enabled: false", () => {
  it.for([
    ["dangerous-command", "rm -rf ~", "deny", "deny"],
    ["dangerous-command", "sudo rm -rf --no-preserve-root /", "deny", "deny"],
    ["dangerous-command", "dd if=/dev/zero of=/dev/sda", "deny", "deny"],
    ["dangerous-command", "git reset --hard", "deny", "pass"],
    ["dangerous-command", "sudo apt-get install jq", "ask", "pass"],
    ["git-to-gh", "git clone https://github.com/o/r", "deny", "pass"],
  ] as const)("%s: `%s` is %s when on, %s when switched off", async ([id, command, on, off]) => {
    expect(await decisionOf(id, command, false)).toBe(on);
    expect(await decisionOf(id, command, true)).toBe(off);
  });
});
