/** The decisions this hook answers, worded once: refusals and redacted reads, values always masked. */
import { allow, deny, type Decision } from "../../shared/event.ts";
import type { Finding } from "./finding.ts";
import { describeFindings, maskedValue } from "./report.ts";
import type { Verdict } from "./scan.ts";

const NAME = "guards redact-secrets";

type Flagged = Exclude<Verdict, { status: "clean" }>;

function explain(verdict: Flagged): string {
  return verdict.status === "secrets"
    ? `${verdict.path}: ${describeFindings(verdict.text, verdict.findings)}`
    : `${verdict.path}: refused because ${verdict.reason}`;
}

function ruleOf(verdicts: readonly Flagged[]): string {
  return verdicts.find((v) => v.status === "refused")?.rule ?? "secret-in-file";
}

/** Who asked for the read, for the message. */
export type Reader = "agent" | "completion engine";

/** A read the agent cannot be given a redacted view of. */
export function denyRead(verdicts: readonly Flagged[], reader: Reader): Decision {
  const lines = verdicts.map(explain).join("; ");
  const who = reader === "agent" ? "" : ` for the editor's ${reader}`;
  return deny(`${NAME}: not read${who}, to keep secrets from the model (${lines}).`, {
    rule: ruleOf(verdicts),
    agentMessage:
      `${NAME}: not read because it holds secrets (${lines}). ` +
      "Do not try to read it another way. Ask the user for the non-secret parts you need; a file with no real secrets can be listed under allowPaths in .guards.yaml.",
  });
}

/** A read pointed at a redacted copy. */
export function redactedRead(verdict: Extract<Verdict, { status: "secrets" }>, copyPath: string): Decision {
  const summary = describeFindings(verdict.text, verdict.findings);
  return allow({
    rule: "redacted",
    rewrite: { filePath: copyPath },
    userMessage: `${NAME}: ${verdict.path} shown redacted (${summary}).`,
    context:
      `${NAME}: ${verdict.path} contains secrets, so you were shown a redacted copy (${copyPath}). ` +
      "Each secret is replaced by a [REDACTED:<kind>] marker; line numbers are unchanged. " +
      `To change the file, edit ${verdict.path} itself and leave the secret values alone: the markers are not in the real file, so never write them back.`,
  });
}

/** A command that would print secret files; `saferCommand`, checked to pass, shows the rest. */
export function denyShell(verdicts: readonly Flagged[], saferCommand?: string): Decision {
  const lines = verdicts.map(explain).join("; ");
  const safer = saferCommand ? ` This command leaves those files out and passes: ${saferCommand}` : "";
  return deny(`${NAME}: this command would show secrets (${lines}).${safer}`, {
    rule: verdicts.some((v) => v.status === "refused") ? ruleOf(verdicts) : "secret-in-command-output",
    agentMessage:
      `${NAME}: this command was refused because it would print secrets (${lines}). ` +
      "Do not print, copy or echo these values another way; ask the user if you need something from these files." +
      safer,
  });
}

/**
 * A command that would print environment variables holding secrets (`env`, `echo $GITHUB_TOKEN`), with
 * the files it would also show; `text` holds the variables as `NAME=value` lines, one per name.
 */
export function denyEnvironment(text: string, findings: readonly Finding[], names: readonly string[], files: readonly Flagged[]): Decision {
  // Each finding is named by the variable whose line holds it: `GITHUB_TOKEN (github-token ghp_…wWpe)`.
  const starts: number[] = [];
  text.split("\n").reduce((at, line) => (starts.push(at), at + line.length + 1), 0);
  const held = findings.map((f) => {
    let line = starts.length - 1;
    while (line > 0 && starts[line]! > f.start) line--;
    return `${names[line]} (${f.kind} ${maskedValue(f.kind, text.slice(f.start, f.end))})`;
  });
  const variables = `environment variables ${[...new Set(held)].join(", ")}`;
  const shown = [variables, ...files.map(explain)].join("; ");
  const safer = " A variable without a secret can be read by name (printenv PATH), and bash lists the names alone with compgen -e.";
  return deny(`${NAME}: this command would show secrets (${shown}).${safer}`, {
    rule: "secret-in-environment",
    agentMessage:
      `${NAME}: this command was refused because it would print secrets held in the environment (${shown}). ` +
      "Do not print, copy or echo these values another way; ask the user if you need something from them." +
      safer,
  });
}

/** A rewritten command reading redacted copies. */
export function redactedCommand(command: string, verdicts: readonly Extract<Verdict, { status: "secrets" }>[]): Decision {
  const summary = verdicts.map((v) => `${v.path}: ${describeFindings(v.text, v.findings)}`).join("; ");
  return allow({
    rule: "redacted",
    rewrite: { command },
    userMessage: `${NAME}: the command reads redacted copies (${summary}).`,
    context: `${NAME}: the command was run on redacted copies: each secret is replaced by a [REDACTED:<kind>] marker, line numbers unchanged (${summary}).`,
  });
}

/** A prompt with a secret in it. */
export function denyPrompt(text: string, findings: Parameters<typeof describeFindings>[1]): Decision {
  const summary = describeFindings(text, findings);
  return deny(`${NAME}: the prompt was not sent because it contains secrets (${summary}). Remove them and send it again.`, {
    rule: "secret-in-prompt",
  });
}
