/** Containers given the host's whole filesystem. What infrastructure commands destroy elsewhere is an effect (rules/actions.ts). */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import { denyFinding, type Finding } from "../finding.ts";

const CONTAINER_TOOLS = new Set(["docker", "podman", "nerdctl"]);

export function infraRule(command: ExecutedCommand): Finding | undefined {
  if (!CONTAINER_TOOLS.has(command.program)) return undefined;
  const args = command.argv.slice(1);
  const sub = args[0] === "container" ? `${args[0]} ${args[1] ?? ""}` : args[0];
  if (sub === "run" || sub === "create" || sub === "container run" || sub === "container create") {
    const mountsRoot = args.some((a, i) => {
      const value = a === "-v" || a === "--volume" || a === "--mount" ? args[i + 1] ?? "" : a.replace(/^(-v|--volume=|--mount=)/, "");
      return value.startsWith("/:") || /(^|,)(source|src)=\/(,|$)/.test(value);
    });
    if (mountsRoot) return denyFinding("container-mounts-root", "gives a container the host's whole filesystem", "mount only the project folder, e.g. `-v \"$PWD\":/work`");
  }
  return undefined;
}
