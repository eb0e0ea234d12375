import { ask, deny, pass, type Decision } from "../../shared/event.ts";
import { guardedPlaces, type GuardedPlace } from "../../shared/guarded-places.ts";
import { defineHook } from "../../shared/hook.ts";
import { analyzeShell } from "../../shared/shell.ts";
import { gitPlaces } from "./git-places.ts";
import { editPlant, shellPlants, type Plant } from "./git-plant.ts";
import { placeOf, realForms } from "./places.ts";
import { envFileEdit, envFileShellWrite } from "./env-files.ts";
import { environmentChange } from "./environment-commands.ts";
import { guardedChange } from "./shell-writes.ts";

const HOW_TO_CHANGE =
  "A person who wants this change makes it outside the agent: in an editor or a terminal, or with `guards install` / `guards uninstall`. Only the enterprise config (/etc/guards/config.yaml) can switch this guard off.";

/**
 * The agent may not change its own guards: writes, removals, moves and permission changes of every
 * agent's hook config, the guards' files, config, state and code cache, and of the startup and
 * environment files later sessions (and so their guards) start with, ask a person (a deny where the
 * agent cannot ask). Reading them stays allowed. Code planted where git runs it later (a command-valued
 * git setting, a hook script) is refused: a harmless `git status` would run it outside any guard.
 */
export default defineHook({
  meta: {
    id: "guard-files",
    summary: "Asks a person before the agent changes its hook configs or the guards' own files, config and cache; refuses code planted in git's config and hooks",
    events: ["shell.before", "file.edit.before"],
    failure: "closed",
    onlyEnterpriseDisables: true,
  },
  run(event, ctx) {
    // About 170 places: worked out only for an edit, or a command that may change a file.
    let list: GuardedPlace[] | undefined;
    const places = () => (list ??= guardedPlaces(event.projectRoot, ctx.env));
    const git = gitPlaces(event.projectRoot, ctx.env);
    if (event.kind === "file.edit.before") {
      const plant = editPlant(event, git, event.projectRoot);
      if (plant?.action === "deny") return refusePlant(plant);
      for (const file of event.filePaths.length ? event.filePaths : [event.filePath]) {
        const place = realForms(file).map((path) => placeOf(path, places())).find(Boolean);
        if (place) return refuse(`edit ${file}`, place, event.toolName ? `the ${event.toolName} tool` : "an edit");
      }
      const envFile = envFileEdit(event);
      if (envFile) return refuse(`set a variable the guards read in ${envFile.file}`, envFile.place, event.toolName ? `the ${event.toolName} tool` : "an edit");
      return plant ? refusePlant(plant) : pass();
    }
    const analysis = analyzeShell(event.command, { cwd: event.cwd, env: ctx.env });
    const plants = shellPlants(analysis.commands, git, event.projectRoot);
    const denied = plants.find((p) => p.action === "deny");
    if (denied) return refusePlant(denied);
    for (const command of analysis.commands) {
      const change = guardedChange(command, places) ?? environmentChange(command, places) ?? envFileShellWrite(command);
      if (change) return refuse(change.target ? `${change.verb} ${change.target}` : change.verb, change.place, `\`${command.argv.slice(0, 4).join(" ")}\``);
    }
    return plants[0] ? refusePlant(plants[0]) : pass();
  },
});

/**
 * For the files and commands that set a later session's environment. Agents append PATH lines to rc
 * files while setting up tools, so the message gives the model the ways that need no such write.
 */
const SAFER_ENVIRONMENT =
  "For this session, set a variable or PATH entry on the command itself (`PATH=\"$HOME/.local/bin:$PATH\" tool`, `FOO=1 cmd`) or in a project script; if the user wants it for good, tell them the exact line and the file, and let them add it.";

function refuse(action: string, place: GuardedPlace, via: string): Decision {
  const why = `${place.what} (${place.path})`;
  if (place.environment) {
    return ask(`guard-files: the agent wants to ${action} through ${via}: that is ${why}, which sets the environment of every later session, the agent's guards included (NODE_OPTIONS, PATH and GUARDS_* there reach every hook). Confirm only if you asked for this change.`, {
      rule: "startup-file",
      agentMessage: `Changing ${why} is not allowed for the agent: it sets the environment later sessions and their guards start with. Do not try another way (another file, a shell, a script, a link). ${SAFER_ENVIRONMENT}`,
    });
  }
  return ask(`guard-files: the agent wants to ${action} through ${via}: that is ${why}, which keeps the agent's guards working. Confirm only if you asked for this change.`, {
    rule: "guarded-file",
    agentMessage: `Changing ${why} is not allowed for the agent: it would change or switch off the guards that watch it. Do not try another way (another tool, a shell, a script, a link). ${HOW_TO_CHANGE}`,
  });
}

const INSTEAD: Record<Plant["about"], string> = {
  setting:
    "Run the command itself, where it is checked as it runs, or give a setting to one git command only (`git -c core.pager=less log`). Ordinary settings are fine with `git config <key> <value>` (`git config user.name \"Dev\"`, `git config core.autocrlf input`). A person sets command-running options (pagers, filters, hooks, aliases with `!`, includes) outside the agent.",
  ssh: "Give ssh its options for one command (`GIT_SSH_COMMAND='ssh -i ~/.ssh/key' git fetch`, judged as it runs), or reach a host through another with `ProxyJump host`; a person adds commands to ssh's config outside the agent.",
  hook:
    "Put the script in the project (`scripts/pre-commit.sh`) and run it yourself (`sh scripts/pre-commit.sh`); a person installs it as a hook.",
};

function refusePlant(plant: Plant): Decision {
  const user = `guard-files: the agent wants to ${plant.what} through ${plant.where}: git would run it later, on an everyday git command, outside any guard.`;
  const agentMessage = `${plant.action === "deny" ? "Not allowed" : "This needs a person's confirmation"}: ${plant.what} through ${plant.where} plants code that git runs later. ${INSTEAD[plant.about]}`;
  return plant.action === "deny" ? deny(user, { rule: plant.rule, agentMessage }) : ask(`${user} Confirm only if you asked for this hook.`, { rule: plant.rule, agentMessage });
}
