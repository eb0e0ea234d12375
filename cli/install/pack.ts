/**
 * `guards pack --format uaaps`: a package in the UAAPS universal format (uaaps/uaaps_docs docs/spec/07-hooks.md):
 * hooks/hooks.json (commands through ${PACKAGE_ROOT}), the hook files in hooks/scripts/, and
 * hooks/tests/ with fixtures and cases its assert runner replays.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { stringify } from "yaml";
import { dialects } from "../../shared/dialects/index.ts";
import type { AnyHook } from "../../shared/hook.ts";
import { ensureDir, writeAtomic } from "./disk.ts";
import { HOOK_TIMEOUT_SECONDS } from "./entries.ts";
import { DEFAULT_STYLE, formatConfig } from "./json-text.ts";
import { withCleanNodeStart } from "./node-environment.ts";
import { expectation, PACK_CASES, PACK_FIXTURES } from "./pack-cases.ts";

export interface PackRequest {
  out: string;
  hooks: readonly AnyHook[];
  hookSources: string;
  version: string;
}

type Group = { matcher?: string; hooks: { type: "command"; command: string; timeout: number }[] };

/** One group per hook and subscription, so a case's hook-index names exactly one hook. */
export function uaapsHooks(hooks: readonly AnyHook[]): { version: 1; hooks: Record<string, Group[]> } {
  const byEvent: Record<string, Group[]> = {};
  for (const hook of hooks) {
    for (const kind of hook.meta.events) {
      for (const sub of dialects.universal.subscriptions[kind as keyof typeof dialects.universal.subscriptions] ?? []) {
        // No --dialect: the hook file recognises the payload of whichever agent the package is installed into.
        // `${PACKAGE_ROOT}` is a POSIX shell's: so is the part that removes Node's start variables.
        const command = withCleanNodeStart("posix", `node "\${PACKAGE_ROOT}/hooks/scripts/${hook.meta.id}.mjs"`);
        const handler = { type: "command" as const, command, timeout: HOOK_TIMEOUT_SECONDS };
        (byEvent[sub.event] ??= []).push(sub.matcher === undefined ? { hooks: [handler] } : { matcher: sub.matcher, hooks: [handler] });
      }
    }
  }
  return { version: 1, hooks: byEvent };
}

/** Writes the package; refuses a non-empty folder so nothing of someone else's is overwritten. */
export function pack(request: PackRequest): string[] {
  if (existsSync(request.out) && readdirSync(request.out).length > 0) throw new Error(`${request.out} is not empty: choose a new folder for the package`);
  const config = uaapsHooks(request.hooks);
  const files = new Map<string, string | Buffer>();
  files.set("hooks/hooks.json", formatConfig(config, DEFAULT_STYLE));
  for (const hook of request.hooks) files.set(`hooks/scripts/${hook.meta.id}.mjs`, readFileSync(join(request.hookSources, `${hook.meta.id}.mjs`)));
  files.set("hooks/tests/test-config.json", formatConfig({ version: 1, timeout: HOOK_TIMEOUT_SECONDS, env: { PACKAGE_ROOT: "." } }, DEFAULT_STYLE));
  for (const [name, payload] of Object.entries(PACK_FIXTURES)) files.set(`hooks/tests/fixtures/${name}`, formatConfig(payload, DEFAULT_STYLE));
  // Every case is a shell payload: it targets the group of its hook on the universal shell event.
  const shell = dialects.universal.subscriptions["shell.before"]?.[0];
  for (const hook of shell ? request.hooks : []) {
    const cases = PACK_CASES.filter((c) => c.hook === hook.meta.id).map((c) => {
      const groups = config.hooks[shell!.event] ?? [];
      const index = groups.findIndex((g) => g.matcher === shell!.matcher && g.hooks[0]!.command.includes(`/${c.hook}.mjs`));
      return {
        name: c.name,
        description: c.description,
        event: shell!.event,
        "hook-index": index,
        input: { fixture: `fixtures/${c.fixture}`, ...(c.overrides ? { overrides: c.overrides } : {}) },
        expected: expectation(c.expect),
      };
    });
    if (cases.length > 0) files.set(`hooks/tests/cases/${hook.meta.id}.yaml`, cases.map((c) => stringify(c)).join("---\n"));
  }
  files.set("README.md", `# guards ${request.version} (UAAPS package)\n\nGuard hooks for AI coding agents. Hook files run with \`node\` (20 or newer) and need nothing else.\nTests: \`hooks/tests/\` (assert runner of the UAAPS spec).\n`);
  for (const [path, content] of files) {
    const target = join(request.out, path);
    ensureDir(dirname(target));
    writeAtomic(target, content);
  }
  return [...files.keys()];
}
