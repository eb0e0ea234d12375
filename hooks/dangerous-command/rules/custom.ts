/** Rules a team adds in its guards config: a program and leading arguments to refuse or confirm. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import type { Finding } from "../finding.ts";
import type { Scope } from "../scope.ts";

export function customRule(command: ExecutedCommand, scope: Scope): Finding | undefined {
  for (const rule of scope.options.rules) {
    const [program, ...words] = rule.words;
    if (command.program !== program) continue;
    const args = command.argv.slice(1).filter((a) => !a.startsWith("-"));
    if (words.every((w, i) => args[i] === w)) {
      const finding: Finding = { action: rule.action, rule: rule.id, why: rule.reason };
      if (rule.instead) finding.instead = rule.instead;
      return finding;
    }
  }
  return undefined;
}
