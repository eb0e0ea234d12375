import { parseArgs } from "node:util";
import { hooks } from "../../hooks/index.ts";
import { loadConfig, hookSection } from "../../shared/config.ts";
import { dialects, isDialectId } from "../../shared/dialects/index.ts";
import { combineDecisions, deny, type Decision, type ShellBefore } from "../../shared/event.ts";
import { servesKind, type AnyHook, type HookContext } from "../../shared/hook.ts";
import { oneLine } from "../../shared/run.ts";
import { selectHooks } from "./run.ts";
import { UsageError, type Command } from "./io.ts";

/** Exit codes of `guards check`, documented in the README: scripts branch on them. */
export const CHECK_EXIT = { pass: 0, allow: 0, deny: 1, ask: 3 } as const;

const USAGE = "usage: guards check [--hook ID[,ID…]] [--dialect D] -- COMMAND…  (quote the command so your shell leaves it alone)";

/**
 * `guards check -- COMMAND…`: what the shell guards decide for a command, with the rule and the
 * reason, for a person writing policy. The config of the current directory applies, as in a hook.
 */
export const checkCommand: Command = async (io) => {
  const { values, positionals } = parseArgs({ args: io.argv, options: { hook: { type: "string" }, dialect: { type: "string" } }, allowPositionals: true });
  const command = positionals.join(" ");
  if (command.trim() === "") throw new UsageError(USAGE);
  if (values.dialect !== undefined && !isDialectId(values.dialect)) throw new UsageError(`unknown dialect "${values.dialect}" (expected one of ${Object.keys(dialects).join(", ")})`);
  const selected = values.hook ? selectHooks(values.hook) : (Object.values(hooks) as AnyHook[]).filter((h) => servesKind(h, "shell.before"));
  const unfit = selected.find((h) => !servesKind(h, "shell.before"));
  if (unfit) throw new UsageError(`hook "${unfit.meta.id}" does not judge shell commands`);

  const event = shellEvent(command, io.cwd, values.dialect);
  const config = await loadConfig(io.cwd, io.env);
  const decisions: Decision[] = [];
  for (const hook of selected) {
    const section = hookSection(config, hook.meta.id);
    if (section.enabled === false) {
      io.stdout(`${hook.meta.id}: off (enabled: false in ${config.sources.join(", ")})\n`);
      continue;
    }
    const ctx: HookContext = { env: io.env, now: () => new Date(), config: section, configSources: config.sources };
    let decision: Decision;
    try {
      decision = await hook.run(event, ctx);
    } catch (error) {
      // The same policy as the runner: a security hook that cannot decide denies.
      decision = hook.meta.failure === "closed" ? deny(`${hook.meta.id}: could not decide (${oneLine(error)}); denied to be safe`, { rule: "internal-error" }) : { action: "pass" };
    }
    decisions.push(decision);
    io.stdout(describe(hook.meta.id, decision));
  }
  const combined = combineDecisions(decisions);
  io.stdout(`decision: ${combined.action}${combined.rule ? ` (${combined.rule})` : ""}\n`);
  if (values.dialect !== undefined) {
    const rendered = dialects[values.dialect as keyof typeof dialects].render(combined, event);
    io.stdout(`${values.dialect} answer: exit ${rendered.exitCode}${rendered.stdout ? `, stdout ${rendered.stdout.trim()}` : ""}${rendered.stderr ? `, stderr ${JSON.stringify(rendered.stderr.trim())}` : ""}\n`);
  }
  return CHECK_EXIT[combined.action];
};

function describe(id: string, decision: Decision): string {
  const head = `${id}: ${decision.action}${decision.rule ? ` (${decision.rule})` : ""}\n`;
  const reason = decision.agentMessage && decision.agentMessage !== decision.userMessage ? `  to the person: ${decision.userMessage}\n  to the model: ${decision.agentMessage}\n` : decision.userMessage ? `  ${decision.userMessage}\n` : "";
  return head + reason;
}

/** The event an agent would send for this command in this directory. */
function shellEvent(command: string, cwd: string, dialect: string | undefined): ShellBefore {
  const id = dialect !== undefined && isDialectId(dialect) ? dialect : "universal";
  const subscription = dialects[id].subscriptions["shell.before"]?.[0];
  const event: ShellBefore = { kind: "shell.before", dialect: id, nativeEvent: subscription?.event ?? "shell.before", cwd, projectRoot: cwd, workspaceRoots: [cwd], raw: {}, command };
  if (subscription?.matcher) event.toolName = subscription.matcher.split("|")[0]!;
  return event;
}
