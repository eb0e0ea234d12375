/** shared/shell/effects.ts: which paths a command deletes, empties, writes, moves or re-permissions. */
import { describe, expect, it } from "vitest";
import { analyzeShell } from "../shared/shell.ts";
import { pathEffects } from "../shared/shell/effects.ts";

const CONTEXT = { cwd: "/home/dev/project", env: { HOME: "/home/dev", TMPDIR: "/tmp", USER: "dev" } };
/** Every effect of a command line as `kind path[ flags]`. */
const effects = (command: string) =>
  analyzeShell(command, CONTEXT).commands.flatMap((c) =>
    pathEffects(c).map((e) => [e.kind, e.path ?? `?${e.raw}`, e.recursive ? "-r" : "", e.to ? `-> ${e.to}` : "", e.mode ? `mode ${e.mode}` : "", e.emptying ? "empty" : ""].filter(Boolean).join(" ")),
  );

describe("pathEffects", () => {
  it.for([
    ["rm -rf of home", "rm -rf ~", ["delete /home/dev -r"]],
    ["a glob keeps its directory", "rm -f build/*.o", ["delete /home/dev/project/build"]],
    ["find -delete over a tree", "find ~/logs -name '*.log' -delete", ["delete /home/dev/logs -r"]],
    ["an interpreter's rmtree", "python3 -c 'import shutil; shutil.rmtree(\"/etc\")'", ["delete /etc -r"]],
    ["a clobbering redirect", ": > /etc/passwd", ["overwrite /etc/passwd empty"]],
    ["an appending redirect writes", "echo x >> ~/.bashrc", ["write /home/dev/.bashrc"]],
    ["/dev/null is not a file", "make > /dev/null 2>&1", []],
    ["truncate, its size is not a path", "truncate -s 0 logs/app.log", ["overwrite /home/dev/project/logs/app.log empty"]],
    ["cp from /dev/null empties", "cp /dev/null /etc/fstab", ["overwrite /etc/fstab empty"]],
    ["cp of content writes", "cp a.txt /tmp/b.txt", ["write /tmp/b.txt"]],
    ["install -m: the mode is not a source", "install -m 600 /dev/null /etc/shadow", ["overwrite /etc/shadow empty"]],
    ["dd of= from zero", "dd if=/dev/zero of=disk.img", ["overwrite /home/dev/project/disk.img empty"]],
    ["tee -a writes, tee overwrites", "echo x | tee -a a.log | tee b.log", ["write /home/dev/project/a.log", "overwrite /home/dev/project/b.log"]],
    ["mv moves each source and writes the target", "mv ~/.ssh /dev/null", ["move /home/dev/.ssh -r -> /dev/null"]],
    ["mv -t names the target first", "mv -t /tmp a b", ["move /home/dev/project/a -r -> /tmp", "move /home/dev/project/b -r -> /tmp", "write /tmp"]],
    ["rsync --delete deletes in the target", "rsync -a --delete ./empty/ ~/", ["delete /home/dev -r"]],
    ["rsync --dry-run has no effect", "rsync -an --delete ./empty/ ~/", []],
    ["chmod -R with its mode", "chmod -R go-rwx ~/.ssh", ["chmod /home/dev/.ssh -r mode go-rwx"]],
    ["chown and chgrp", "chown -R nobody ~ && chgrp staff x", ["chown /home/dev -r mode nobody", "chown /home/dev/project/x mode :staff"]],
    ["an unknown target", "rm -rf \"$DIR\"", ["delete ?$DIR -r"]],
    ["after cd somewhere unknown", "cd \"$X\" && rm -f a", ["delete ?a"]],
    ["a container delete maps through its mount", "docker run --rm -v \"$HOME\":/h alpine rm -rf /h/x", ["delete /home/dev/x -r"]],
    ["a container delete outside its mounts is the container's own", "docker run --rm -v /tmp/o:/o alpine rm -rf /usr /o/x", ["delete /tmp/o/x -r"]],
    ["a read-only mount cannot be deleted in", "docker run -v ~/.ssh:/k:ro alpine rm -rf /k", []],
    ["echo only writes its redirect", "echo 'rm -rf ~' > notes.txt", ["overwrite /home/dev/project/notes.txt"]],
  ] as const)("%s", ([, command, expected]) => {
    expect(effects(command)).toEqual(expected);
  });
});
