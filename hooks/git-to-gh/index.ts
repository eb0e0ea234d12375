import { allow, ask, deny, pass, type Decision } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";
import { analyzeShell, type ExecutedCommand } from "../../shared/shell.ts";
import { ghRedirect, type GhRedirect } from "./redirects.ts";
import { gitSubcommand } from "./subcommand.ts";

const NO_RETRY = "Do not retry with another form of git (a wrapper, a path, a subshell): it is blocked the same way.";

/**
 * Git commands that have a gh equivalent are redirected to it; local git passes. `mode: strict` blocks
 * every raw git (the policy of teams where every change goes through gh). gh itself asks a person.
 */
export default defineHook({
  meta: {
    id: "git-to-gh",
    summary: "Redirects git commands that have a gh equivalent to that gh command; gh commands ask for confirmation",
    events: ["shell.before"],
    failure: "closed",
    optIn: "team policy: git commands that have a gh equivalent (clone, PR refs) are redirected to gh",
  },
  run(event, ctx) {
    const analysis = analyzeShell(event.command);
    const strict = ctx.config.mode === "strict";
    const allowed = new Set(stringList(ctx.config.allowSubcommands));
    for (const command of analysis.commands) {
      if (command.program !== "git" || allowed.has(gitSubcommand(command.argv) ?? "")) continue;
      const redirect = ghRedirect(command.argv);
      if (redirect) return denyGit(command, redirect, strict);
      if (strict) return denyGit(command, undefined, strict);
    }
    if (analysis.unresolved.length > 0) {
      return ask(`git-to-gh: could not read the whole command (${analysis.unresolved[0]}), so it cannot tell whether it runs git.`, { rule: "unreadable-command" });
    }
    const gh = analysis.commands.find((c) => c.program === "gh");
    if (gh) {
      if (ctx.config.gh === "allow") return allow({ rule: "gh" });
      return ask(`git-to-gh: \`${gh.argv.slice(0, 3).join(" ")}\` acts on GitHub; confirm it.`, { rule: "gh" });
    }
    return pass();
  },
});

function denyGit(command: ExecutedCommand, redirect: GhRedirect | undefined, strict: boolean): Decision {
  const sub = gitSubcommand(command.argv);
  const shown = ["git", ...command.argv.slice(1, 3)].join(" ");
  const via = command.wrappers.length ? ` (run through ${command.wrappers.join(" → ")})` : "";
  const instead = redirect
    ? `Use \`${redirect.gh}\` instead: it ${redirect.does}.`
    : `No gh command does what \`git ${sub ?? ""}\` does; ask a person to run it.`;
  const policy = strict ? "raw git is blocked in this project" : "this project does this through gh";
  return deny(`git-to-gh: ${policy}: \`${shown}\`${via}. ${instead}`, {
    rule: redirect?.rule ?? (sub ? `git-${sub}` : "git"),
    agentMessage: `${strict ? "Raw git commands are blocked here" : "This project does this through gh, not raw git"}: \`${shown}\`${via}. ${instead} ${NO_RETRY}`,
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
