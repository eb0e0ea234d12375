import { pass, type Decision } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";
import { denyPrompt } from "./messages.ts";
import { PROMPT_FILE_NAME, readOptions } from "./options.ts";
import { pathClassifier } from "./paths.ts";
import { guardRead } from "./read.ts";
import { examineText, type Scanner } from "./scan.ts";

export default defineHook({
  meta: {
    id: "redact-secrets",
    summary: "Keeps secrets from the model: file reads redacted where the agent allows it, refused where it does not; prompts with secrets blocked.",
    events: ["file.read.before", "shell.before", "prompt.submit"],
    failure: "closed",
  },
  async run(event, ctx): Promise<Decision> {
    const options = readOptions(ctx.config);
    if (event.kind === "prompt.submit") {
      const findings = await examineText(event.prompt, PROMPT_FILE_NAME, options, false);
      return findings.length ? denyPrompt(event.prompt, findings) : pass();
    }
    const scanner: Scanner = { options, classify: await pathClassifier(options), projectRoot: event.projectRoot, home: ctx.env.HOME };
    if (event.kind === "file.read.before") return guardRead(event, ctx, scanner);
    // Loaded for shell events only: the shell analysis costs every file read its start-up time otherwise.
    const { guardShell } = await import("./shell-reads.ts");
    return guardShell(event, ctx, scanner);
  },
});
