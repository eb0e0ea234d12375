import { allow, ask, deny, pass, type Decision } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";
import { analyzeShell, type ExecutedCommand } from "../../shared/shell.ts";
import { ghSuggestion, gitSubcommand } from "./suggestions.ts";

const NO_RETRY = "Do not retry with another form of git (a wrapper, a path, a subshell): it is blocked the same way.";

/** Raw git is blocked with the gh equivalent; gh itself asks a person. */
export default defineHook({
  meta: {
    id: "git-to-gh",
    summary: "Blocks raw git commands with the gh equivalent; gh commands ask for confirmation",
    events: ["shell.before"],
    failure: "closed",
    optIn: "team policy: git commands that have a gh equivalent (clone, push, PR refs) are redirected to gh",
  },
  run(event, ctx) {
    const analysis = analyzeShell(event.command);
    const allowed = new Set(stringList(ctx.config.allowSubcommands));
    const gitCommands = analysis.commands.filter((c) => c.program === "git" && !allowed.has(gitSubcommand(c.argv) ?? ""));
    if (gitCommands.length > 0) return denyGit(gitCommands[0]!);
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

function denyGit(command: ExecutedCommand): Decision {
  const sub = gitSubcommand(command.argv);
  const shown = ["git", ...command.argv.slice(1, 3)].join(" ");
  const via = command.wrappers.length ? ` (run through ${command.wrappers.join(" → ")})` : "";
  const suggestion = ghSuggestion(sub);
  const instead = suggestion ? `Use \`${suggestion}\` instead.` : `There is no gh equivalent for \`git ${sub ?? ""}\`; ask a person to run it.`;
  return deny(`git-to-gh: raw git is blocked in this project: \`${shown}\`${via}. ${instead}`, {
    rule: sub ? `git-${sub}` : "git",
    agentMessage: `Raw git commands are blocked here: \`${shown}\`${via}. ${instead} ${NO_RETRY}`,
  });
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}
