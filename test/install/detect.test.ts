/** `--agent detected`: each agent is found by its project folder, its home folder, or its binary on PATH. */
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { detectAgents } from "../../cli/install/detect.ts";
import type { AgentId } from "../../cli/install/targets/types.ts";

function place(base: string, relative: string): void {
  const path = join(base, relative);
  if (relative.endsWith(".json")) {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "{}\n");
  } else mkdirSync(path, { recursive: true });
}

const CASES: { agent: AgentId; project?: string; home?: string; binary?: string }[] = [
  { agent: "factory", project: ".factory" },
  { agent: "factory", binary: "droid" },
  { agent: "devin", project: ".devin" },
  { agent: "devin", home: ".config/devin" },
  { agent: "kiro", project: ".kiro" },
  { agent: "kiro", binary: "kiro-cli" },
  { agent: "goose", project: ".agents/plugins" },
  { agent: "goose", home: ".config/goose" },
  { agent: "goose", binary: "goose" },
  { agent: "crush", project: ".crush.json" },
  { agent: "crush", binary: "crush" },
  { agent: "cline", project: ".clinerules" },
  { agent: "augment", project: ".augment" },
  { agent: "augment", binary: "auggie" },
  { agent: "opencode", project: ".opencode" },
  { agent: "opencode", binary: "opencode" },
  { agent: "amp", project: ".amp" },
  { agent: "amp", home: ".config/amp" },
  { agent: "cline", home: "Documents/Cline" },
];

describe("detectAgents", () => {
  test.for(CASES)("$agent by $project$home$binary", ({ agent, project, home, binary }) => {
    const base = mkdtempSync(join(tmpdir(), "guards-detect-"));
    const [projectDir, homeDir, binDir] = ["project", "home", "bin"].map((d) => join(base, d)) as [string, string, string];
    for (const dir of [projectDir, homeDir, binDir]) mkdirSync(dir);
    if (project) place(projectDir, project);
    if (home) place(homeDir, home);
    if (binary) {
      writeFileSync(join(binDir, binary), "#!/bin/sh\n");
      chmodSync(join(binDir, binary), 0o755);
    }
    expect(detectAgents(projectDir, homeDir, binDir)).toEqual([agent]);
  });
});
