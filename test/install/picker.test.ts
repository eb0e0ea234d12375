/** The interactive picker offers every agent, with the detected ones ticked, and installs what was picked. */
import { describe, expect, test, vi } from "vitest";

const checkbox = vi.fn();
vi.mock("@inquirer/prompts", () => ({ checkbox }));

const { pickAgents, pickHooks } = await import("../../cli/install/picker.ts");
const { hooks } = await import("../../hooks/index.ts");
const { defaultHooks } = await import("../../cli/install/options.ts");

describe("pickAgents", () => {
  test("every agent is a choice; the detected ones start ticked; the answer is returned", async () => {
    checkbox.mockResolvedValueOnce(["gemini"]);
    const picked = await pickAgents(["cursor", "qwen"]);
    expect(picked).toEqual(["gemini"]);
    const { choices } = checkbox.mock.calls[0]![0] as { choices: { value: string; checked: boolean }[] };
    expect(choices.map((c) => c.value)).toEqual(["cursor", "claude", "windsurf", "copilot", "gemini", "codex", "qwen", "factory", "devin", "kiro", "goose", "crush", "vscode", "cline", "augment", "opencode", "amp"]);
    expect(choices.filter((c) => c.checked).map((c) => c.value)).toEqual(["cursor", "qwen"]);
  });

  test("every hook is a choice; the defaults start ticked; git-to-gh is unticked with its policy in one line", async () => {
    checkbox.mockResolvedValueOnce([hooks.format]);
    expect(await pickHooks(Object.values(hooks), defaultHooks())).toEqual([hooks.format]);
    const { choices } = checkbox.mock.calls.at(-1)![0] as { choices: { name: string; checked: boolean }[] };
    const unticked = choices.filter((c) => !c.checked);
    expect(unticked).toHaveLength(1);
    expect(unticked[0]!.name).toMatch(/^git-to-gh \(team policy: [^\n]+\)$/);
    expect(choices.filter((c) => c.checked).map((c) => c.name.split(":")[0])).toEqual(["redact-secrets", "dangerous-command", "kubectl-prod", "guard-files", "format", "stop-telemetry"]);
  });
});
