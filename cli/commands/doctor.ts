import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { doctor } from "../install/doctor.ts";
import { currentPlatform } from "../install/locations.ts";
import type { Command } from "./io.ts";

/** `guards doctor [--dir PROJECT] [--root PREFIX] [--json]`: replay real payloads through every installed entry; exit 1 when something is wrong. */
export const doctorCommand: Command = async (io) => {
  const { values } = parseArgs({ args: io.argv, options: { dir: { type: "string" }, root: { type: "string" }, json: { type: "boolean", default: false } } });
  const findings = doctor({
    project: resolve(io.cwd, values.dir ?? "."),
    env: io.env,
    platform: currentPlatform(),
    ...(values.root ? { root: resolve(io.cwd, values.root) } : {}),
    scopes: ["project", "user", "enterprise"],
    cwd: io.cwd,
  });
  const problems = findings.filter((f) => !f.ok).length;
  if (values.json) {
    io.stdout(`${JSON.stringify(findings.map((f) => ({ ok: f.ok, agent: f.file?.agent, scope: f.file?.scope, path: f.file?.path, hook: f.entry?.hookId, event: f.entry?.event, matcher: f.entry?.matcher, ms: f.ms, text: f.text })), null, 2)}\n`);
    return problems === 0 ? 0 : 1;
  }
  let lastFile: string | undefined;
  for (const finding of findings) {
    if (finding.file && finding.file.path !== lastFile) {
      lastFile = finding.file.path;
      io.stdout(`${finding.file.agent} (${finding.file.scope}) ${finding.file.path}\n`);
    }
    const where = finding.entry ? `${finding.entry.hookId.padEnd(18)} ${(finding.entry.matcher ? `${finding.entry.event}(${finding.entry.matcher})` : finding.entry.event).padEnd(36)} ` : "";
    io.stdout(`${finding.file ? "  " : ""}${finding.ok ? "ok     " : "PROBLEM"} ${where}${finding.text}\n`);
  }
  const entries = new Set(findings.map((f) => f.entry).filter(Boolean)).size;
  io.stdout(`${entries} entr${entries === 1 ? "y" : "ies"} checked, ${problems} problem${problems === 1 ? "" : "s"}.\n`);
  return problems === 0 ? 0 : 1;
};
