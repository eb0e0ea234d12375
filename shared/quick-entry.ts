/**
 * The front section of the file that holds every hook (`guards.cjs`): it reads the event and answers the
 * inert ones itself (shared/quick-answer.ts). Any other event, with the stdin already read, goes to the
 * runner's section, which the loader compiles only then.
 */
import { endProcess, hookEnvironment, readProcessStdin, writeRendered } from "./process-io.ts";
import { entryArguments, quickAnswer, type QuickRules } from "./quick-answer.ts";
import { stdinLimitsOf } from "./stdin.ts";

/** Starts the runner's section; `stdin` is the read already under way, when there is one. */
export type RunnerStart = (stdin?: Promise<string>) => void;

export function frontMain(rules: QuickRules, runner: RunnerStart): void {
  const args = entryArguments(process.argv.slice(2));
  // The detached flusher, a malformed entry, a run from a terminal: the runner's own reading applies.
  if (!args) return runner();
  const env = hookEnvironment();
  const stdin = readProcessStdin(stdinLimitsOf(process.env));
  // A failed read is the runner's to report, in the agent's terms.
  stdin.then(
    async (text) => {
      const rendered = await quickAnswer(text, args, env, rules);
      if (!rendered) return runner(stdin);
      writeRendered(rendered);
      endProcess();
    },
    () => runner(stdin),
  );
}
