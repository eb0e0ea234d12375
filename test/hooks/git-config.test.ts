/** git's config syntax as guard-files reads it: the settings a text sets, and which of them plant code. */
import { describe, expect, it } from "vitest";
import { lastSection, parseGitConfig, plantsCode } from "../../hooks/guard-files/git-config.ts";

const SYNTAX: { name: string; text: string; section?: string; settings: [string, string][] }[] = [
  { name: "a header and settings", text: "[core]\n\tpager = less -R\n\tbare = false\n", settings: [["core.pager", "less -R"], ["core.bare", "false"]] },
  { name: "a setting on the header's line", text: "[core] fsmonitor = rm -rf ~", settings: [["core.fsmonitor", "rm -rf ~"]] },
  { name: "a quoted subsection keeps its case", text: '[filter "LFS"]\n\tclean = x', settings: [["filter.LFS.clean", "x"]] },
  { name: "the old dotted subsection is lowercased", text: "[Filter.Crypt]\nClean=x", settings: [["filter.crypt.clean", "x"]] },
  { name: "names in any case", text: "[CORE]\nFsMonitor = x", settings: [["core.fsmonitor", "x"]] },
  { name: "quotes, escapes and a comment", text: '[alias]\n\tx = "!sh -c \\"id\\"" # note', settings: [["alias.x", '!sh -c "id"']] },
  { name: "a semicolon comment outside quotes", text: '[core]\n\tpager = less ; sh x\n\teditor = "vim ; x"', settings: [["core.pager", "less"], ["core.editor", "vim ; x"]] },
  { name: "a value continued on the next line", text: "[core]\n\tpager = sh \\\nx", settings: [["core.pager", "sh x"]] },
  { name: "a bare name is true", text: "[core]\n\tfsmonitor\n", settings: [["core.fsmonitor", "true"]] },
  { name: "a fragment continues the section it is appended to", text: "\tsmudge = sh y\n", section: 'filter.a', settings: [["filter.a.smudge", "sh y"]] },
  { name: "a fragment with no section sets nothing", text: "\tpager = x\n", settings: [] },
  { name: "CRLF line ends", text: "[core]\r\n\tpager = x\r\n", settings: [["core.pager", "x"]] },
  { name: "a byte-order mark before the first header", text: "\uFEFF[core]\npager = x", settings: [["core.pager", "x"]] },
];

const JUDGED: [string, string, boolean][] = [
  ["core.fsmonitor", "true", false],
  ["core.fsmonitor", "./watch.sh", true],
  ["core.pager", "delta | less -RFX", false],
  ["core.pager", "less; sh x", true],
  ["pager.log", "false", false],
  ["pager.log", "tee /tmp/x", true],
  ["core.editor", "code --wait", false],
  ["core.sshcommand", "ssh -i ~/.ssh/k -o IdentitiesOnly=yes", false],
  ["core.sshcommand", "ssh -o ProxyCommand=x", true],
  ["core.sshcommand", "ssh -F /tmp/cfg", true],
  ["credential.helper", "osxkeychain", false],
  ["credential.helper", "store --file ~/.creds", false],
  ["credential.helper", "!/usr/bin/gh auth git-credential", false],
  ["credential.helper", "/tmp/helper", true],
  ["credential.https://x.example.helper", "!cat ~/.aws/credentials", true],
  ["alias.st", "status -sb", false],
  ["alias.lg", "log -c --graph", false],
  ["alias.x", "!id", true],
  ["alias.y", "-c core.pager=x log", true],
  ["alias.z", "--exec-path=/tmp log", true],
  ["include.path", "~/.gitconfig.local", true],
  ["includeif.gitdir:~/w/.path", "x", true],
  ["core.hookspath", "/dev/null", false],
  ["core.hookspath", ".githooks", true],
  ["submodule.lib.update", "rebase", false],
  ["submodule.lib.update", "!sh x", true],
  ["filter.lfs.clean", "git-lfs clean -- %f", true],
  ["user.name", "rm -rf ~", false],
  ["remote.origin.url", "ext::sh -c id", false],
  ["protocol.ext.allow", "always", true],
];

describe("git config text", () => {
  it.for(SYNTAX)("$name", ({ text, section, settings }) => {
    expect(parseGitConfig(text, section).map((s) => [s.key, s.value])).toEqual(settings);
  });

  it("the section in force at the end of a file", () => {
    expect(lastSection('[core]\n\tbare = false\n[remote "origin"]\n\turl = x\n')).toBe("remote.origin");
  });

  it.for(JUDGED)("%s = %s plants code: %s", ([key, value, planted]) => {
    expect(plantsCode({ key, value })).toBe(planted);
  });
});
