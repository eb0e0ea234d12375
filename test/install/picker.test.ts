/** The interactive picker offers every agent, with the detected ones ticked, and installs what was picked. */
import { describe, expect, test, vi } from "vitest";

const checkbox = vi.fn();
vi.mock("@inquirer/prompts", () => ({ checkbox }));

const { pickAgents } = await import("../../cli/install/picker.ts");

describe("pickAgents", () => {
  test("every agent is a choice; the detected ones start ticked; the answer is returned", async () => {
    checkbox.mockResolvedValueOnce(["gemini"]);
    const picked = await pickAgents(["cursor", "qwen"]);
    expect(picked).toEqual(["gemini"]);
    const { choices } = checkbox.mock.calls[0]![0] as { choices: { value: string; checked: boolean }[] };
    expect(choices.map((c) => c.value)).toEqual(["cursor", "claude", "windsurf", "copilot", "gemini", "codex", "qwen"]);
    expect(choices.filter((c) => c.checked).map((c) => c.value)).toEqual(["cursor", "qwen"]);
  });
});
