/** Crush (charmbracelet/crush docs/hooks/README.md). Flat handlers per event in `crush.json`. */
import { posix } from "node:path";
import { toSlashes } from "../locations.ts";
import type { InstallTarget } from "./types.ts";

export const crushTarget: InstallTarget = {
  agent: "crush",
  layout: "flat",
  configFile: ({ scope, platform, project, home, env }) => {
    // Crush reads crush.json or .crush.json in the project; the hidden one keeps the project root tidy.
    if (scope === "project") return { path: posix.join(toSlashes(project), ".crush.json"), owned: false };
    if (scope === "user") {
      if (platform === "win32") return env.APPDATA ? { path: posix.join(toSlashes(env.APPDATA), "crush", "crush.json"), owned: false } : undefined;
      return { path: posix.join(toSlashes(env.XDG_CONFIG_HOME ?? posix.join(toSlashes(home), ".config")), "crush", "crush.json"), owned: false };
    }
    // No managed or system location is documented.
    return undefined;
  },
  // Commands run through Crush's embedded POSIX shell in the project root; CRUSH_PROJECT_DIR names it.
  projectPath: (relative) => `"\${CRUSH_PROJECT_DIR:-.}/${relative}"`,
  // "This contract is identical on macOS, Linux, and Windows": the embedded shell (mvdan.cc/sh) reads the
  // POSIX form there too (charmbracelet/crush docs/hooks/README.md, Execution model).
  posixShellOnWindows: true,
  handler: (entry) => ({
    name: `guards ${entry.hookIds.join(", ")}`,
    ...(entry.matcher === undefined ? {} : { matcher: entry.matcher }),
    command: entry.command,
    timeout: entry.timeoutSeconds,
  }),
  skeleton: () => ({}),
  presence: { project: [".crush.json", "crush.json", ".crush"], home: [".config/crush"], binaries: ["crush"] },
  afterInstall: { project: "Crush reads hooks when it starts: restart running sessions." },
  projectEnv: (dir) => ({ CRUSH_PROJECT_DIR: dir }),
};
