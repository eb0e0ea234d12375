import { ask, pass, type Decision } from "../../shared/event.ts";
import { guardedPlaces, type GuardedPlace } from "../../shared/guarded-places.ts";
import { defineHook } from "../../shared/hook.ts";
import { analyzeShell } from "../../shared/shell.ts";
import { placeOf, realForms } from "./places.ts";
import { guardedChange } from "./shell-writes.ts";

const HOW_TO_CHANGE =
  "A person who wants this change makes it outside the agent: in an editor or a terminal, or with `guards install` / `guards uninstall`. Only the enterprise config (/etc/guards/config.yaml) can switch this guard off.";

/**
 * The agent may not change its own guards: writes, removals, moves and permission changes of every
 * agent's hook config, the guards' files, config, state and code cache ask a person (a deny where the
 * agent cannot ask). Reading them stays allowed.
 */
export default defineHook({
  meta: {
    id: "guard-files",
    summary: "Asks a person before the agent changes its hook configs or the guards' own files, config and cache",
    events: ["shell.before", "file.edit.before"],
    failure: "closed",
    onlyEnterpriseDisables: true,
  },
  run(event, ctx) {
    const places = guardedPlaces(event.projectRoot, ctx.env);
    if (event.kind === "file.edit.before") {
      for (const file of event.filePaths.length ? event.filePaths : [event.filePath]) {
        const place = realForms(file).map((path) => placeOf(path, places)).find(Boolean);
        if (place) return refuse(`edit ${file}`, place, event.toolName ? `the ${event.toolName} tool` : "an edit");
      }
      return pass();
    }
    const analysis = analyzeShell(event.command, { cwd: event.cwd, env: ctx.env });
    for (const command of analysis.commands) {
      const change = guardedChange(command, places);
      if (change) return refuse(`${change.verb} ${change.target}`, change.place, `\`${command.argv.slice(0, 4).join(" ")}\``);
    }
    return pass();
  },
});

function refuse(action: string, place: GuardedPlace, via: string): Decision {
  const why = `${place.what} (${place.path})`;
  return ask(`guard-files: the agent wants to ${action} through ${via}: that is ${why}, which keeps the agent's guards working. Confirm only if you asked for this change.`, {
    rule: "guarded-file",
    agentMessage: `Changing ${why} is not allowed for the agent: it would change or switch off the guards that watch it. Do not try another way (another tool, a shell, a script, a link). ${HOW_TO_CHANGE}`,
  });
}
