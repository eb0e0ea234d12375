/** The shared shell analysis: what would execute, read the way a shell reads it. */
import { parse as shellQuote } from "shell-quote";
import { describe, expect, it } from "vitest";
import { analyzeShell, programName } from "../shared/shell.ts";
import { languageOf } from "../shared/shell/scripts.ts";

const CONTEXT = { cwd: "/home/dev/project", env: { HOME: "/home/dev", TMPDIR: "/tmp", USER: "dev" } };
/** Each executed command as `argv joined [wrappers]`. */
const run = (command: string) => analyzeShell(command, CONTEXT).commands.map((c) => `${c.argv.join(" ")}${c.wrappers.length ? ` [${c.wrappers.join(" > ")}]` : ""}`);

describe("shell-quote's gaps, each covered", () => {
  it.for([
    ["backticks are not parsed", "echo `rm -rf /`", (r: unknown) => JSON.stringify(r).includes("`rm")],
    ["heredoc bodies become arguments", "cat <<'EOF'\nrm -rf ~\nEOF", (r: unknown) => JSON.stringify(r).includes('"rm"')],
    ["newlines are not separators", "ls\nrm -rf ~", (r: unknown) => (r as unknown[]).length === 4],
    ["'~' loses its quotes", "rm -rf '~'", (r: unknown) => (r as string[])[2] === "~"],
    ["unknown $VARS expand to empty", "rm -rf $DIR", (r: unknown) => (r as string[])[2] === ""],
  ] as const)("shell-quote alone: %s", ([, command, gap]) => {
    expect(gap(shellQuote(command))).toBe(true);
  });

  it.for([
    ["backticks run", "echo `rm -rf /`", ["rm -rf / [`…`]", "echo `rm -rf /`"]],
    ["a quoted heredoc body is data", "cat <<'EOF' > notes.md\nrm -rf ~\nEOF", ["cat"]],
    ["newlines separate commands", "ls\nrm -rf ~", ["ls", "rm -rf /home/dev"]],
    ["'~' stays a literal name", "rm -rf '~'", ["rm -rf ~"]],
    ["an unknown $VAR stays visible", "rm -rf $DIR", ["rm -rf $DIR"]],
  ] as const)("analyzeShell: %s", ([, command, expected]) => {
    expect(run(command)).toEqual(expected);
  });

  it("an unquoted ~ without HOME is unknown, a quoted one is a name", () => {
    const [rm] = analyzeShell("rm -rf ~ '~' ~/x", { cwd: "/p", env: {} }).commands;
    expect(rm!.dynamic).toEqual([false, false, true, false, true]);
  });

  it("marks unknown values dynamic and known ones static", () => {
    const [rm] = analyzeShell("rm -rf $DIR ~", CONTEXT).commands;
    expect(rm!.dynamic).toEqual([false, false, true, false]);
  });
});

describe("segments and structure", () => {
  it.for([
    ["; && || | &", "a; b && c || d | e & f", ["a", "b", "c", "d", "e", "f"]],
    ["subshell and group", "(a; b) && { c; }", ["a", "b", "c"]],
    ["$( ) runs before its command", "echo $(date)", ["date [$(…)]", "echo $(date)"]],
    ["nested substitutions", "a $(b $(c))", ["c [$(…) > $(…)]", "b $(c) [$(…)]", "a $(b $(c))"]],
    ["process substitution", "diff <(ls a) <(ls b)", ["ls a [<(…)]", "ls b [<(…)]", "diff <(ls a) <(ls b)"]],
    ["comment", "ls # rm -rf /", ["ls"]],
    ["line continuation", "rm -rf \\\n /tmp/x", ["rm -rf /tmp/x"]],
    ["fd numbers are not words", "make 2>&1 >/dev/null", ["make"]],
    ["if/then/fi", "if test -f x; then rm x; fi", ["test -f x", "rm x"]],
    ["for loop header is not a command; the variable stands for every word", "for f in a b; do echo $f; done", ["echo a b"]],
    ["a loop over a glob leaves the variable unknown", "for f in *.txt; do echo $f; done", ["echo $f"]],
    ["a loop variable's operations apply to each word", "for f in a.txt b.txt; do echo \"${f%.txt}\"; done", ["echo a b"]],
    ["unquoted heredoc runs its substitutions", "cat <<EOF\n$(whoami)\nEOF", ["whoami [$(…)]", "cat"]],
    ["heredoc with tabs stripped", "cat <<-EOF\n\tx\n\tEOF\nls", ["cat", "ls"]],
  ] as const)("%s", ([, command, expected]) => {
    expect(run(command)).toEqual(expected);
  });

  it("records redirects with expanded targets", () => {
    const [echo] = analyzeShell("echo x > ~/out.txt", CONTEXT).commands;
    expect(echo!.redirects).toEqual([{ op: ">", target: "/home/dev/out.txt", dynamic: false }]);
  });

  it("marks commands inside a function body", () => {
    const commands = analyzeShell(":(){ :|:& };:", CONTEXT).commands;
    expect(commands.filter((c) => c.inFunction === ":").map((c) => c.program)).toEqual([":", ":"]);
  });
});

describe("wrappers are transparent", () => {
  it.for([
    ["sudo -u root", "sudo -u root rm x", "rm x [sudo]"],
    ["doas", "doas rm x", "rm x [doas]"],
    ["env with options and assignments", "env -i -u X A=1 rm x", "rm x [env]"],
    ["/usr/bin/env", "/usr/bin/env rm x", "rm x [env]"],
    ["command", "command rm x", "rm x [command]"],
    ["builtin", "builtin cd /tmp", "cd /tmp [builtin]"],
    ["exec -a", "exec -a name rm x", "rm x [exec]"],
    ["nohup", "nohup rm x", "rm x [nohup]"],
    ["timeout with options", "timeout -k 5 10 rm x", "rm x [timeout]"],
    ["nice -n", "nice -n 5 rm x", "rm x [nice]"],
    ["ionice -c3", "ionice -c3 rm x", "rm x [ionice]"],
    ["time", "time rm x", "rm x [time]"],
    ["stdbuf -oL", "stdbuf -oL rm x", "rm x [stdbuf]"],
    ["busybox", "busybox rm x", "rm x [busybox]"],
    ["watch -n", "watch -n 2 rm x", "rm x [watch]"],
    ["stacked", "sudo nice nohup rm x", "rm x [sudo > nice > nohup]"],
    ["xargs appends its input", "echo a b | xargs rm", "rm a b [xargs]"],
    ["xargs -I replaces", "echo a | xargs -I % rm %/x", "rm a/x [xargs]"],
    ["parallel :::", "parallel rm ::: a b", "rm a b [parallel]"],
    ["find -exec substitutes the start path", "find /tmp/x -exec rm {} \\;", "rm /tmp/x [find -exec]"],
    ["find -delete", "find /tmp/x -delete", "rm -rf /tmp/x [find -delete]"],
    ["find -delete with a test selects under the path", "find /tmp/x -name '*.o' -delete", "rm -rf /tmp/x/** [find -delete]"],
    ["absolute path", "/bin/rm x", "/bin/rm x"],
    ["backslash", "\\rm x", "rm x"],
    ["quote fragments", "r''m x", "rm x"],
    ["double-quote fragments", "\"r\"m x", "rm x"],
    ["ANSI-C escapes", "$'\\x72\\x6d' x", "rm x"],
  ] as const)("%s", ([, command, expected]) => {
    expect(run(command)).toContain(expected);
  });

  it.for([["command -v", "command -v rm"], ["sudo -l", "sudo -l"]])("%s runs nothing", ([, command]) => {
    expect(run(command!)).toEqual([]);
  });

  it("programName strips paths and backslashes", () => {
    expect([programName("/usr/bin/git"), programName("\\git"), programName("git")]).toEqual(["git", "git", "git"]);
  });
});

describe("code given to other interpreters", () => {
  it.for([
    ["bash -c", "bash -c 'rm x'", "rm x [bash -c]"],
    ["sh -lc", "sh -lc 'rm x'", "rm x [sh -c]"],
    ["$SHELL -c", "$SHELL -c 'rm x'", "rm x [$SHELL -c]"],
    ["eval", "eval 'rm x'", "rm x [eval]"],
    ["echo | bash", "echo 'rm x' | bash", "rm x [echo 'rm x' | bash]"],
    ["here-string", "bash <<< 'rm x'", "rm x [a here-string | bash]"],
    ["heredoc into sh", "sh <<'EOF'\nrm x\nEOF", "rm x [a heredoc | sh]"],
    ["base64 -d | sh", "echo cm0geA== | base64 -d | sh", "rm x [base64 -d | sh]"],
    ["alias defined and used", "alias del='rm -f'; del x", "rm -f x [alias del]"],
    ["python shutil.rmtree", "python3 -c 'import shutil; shutil.rmtree(\"/tmp/x\")'", "rm -rf /tmp/x [python3 -c]"],
    ["python os.remove", "python -c 'import os; os.remove(\"a\")'", "rm -f a [python -c]"],
    ["python os.system", "python3 -c 'import os; os.system(\"rm x\")'", "rm x [python3 -c]"],
    ["node fs.rmSync", "node -e 'require(\"fs\").rmSync(\"d\", {recursive: true})'", "rm -rf d [node -e]"],
    ["node execSync", "node -e 'require(\"child_process\").execSync(\"rm x\")'", "rm x [node -e]"],
    ["perl -e system", "perl -e 'system(\"rm x\")'", "rm x [perl -e]"],
    ["ruby FileUtils.rm_rf", "ruby -e 'FileUtils.rm_rf(\"d\")'", "rm -rf d [ruby -e]"],
    ["awk system()", "awk 'BEGIN{system(\"rm x\")}'", "rm x [awk program]"],
    ["a versioned python", "python3.12 -c 'import os; os.remove(\"a\")'", "rm -f a [python3.12 -c]"],
    ["pypy", "pypy3 -c 'import os; os.remove(\"a\")'", "rm -f a [pypy3 -c]"],
    ["a versioned perl", "perl5.36 -e 'system(\"rm x\")'", "rm x [perl5.36 -e]"],
    ["a versioned php", "php8.2 -r 'system(\"rm x\");'", "rm x [php8.2 -r]"],
    ["a versioned lua", "lua5.4 -e 'os.remove(\"a\")'", "rm -f a [lua5.4 -e]"],
    ["luajit", "luajit -e 'os.execute(\"rm x\")'", "rm x [luajit -e]"],
    ["bun", "bun -e 'require(\"fs\").rmSync(\"d\", {recursive: true})'", "rm -rf d [bun -e]"],
    ["gawk", "gawk 'BEGIN{system(\"rm x\")}'", "rm x [gawk program]"],
    ["git ! alias", "git -c alias.c='!rm x' c", "rm x [git alias]"],
    ["sudo -s reads stdin", "echo 'rm x' | sudo -s", "rm x [sudo > echo 'rm x' | sh]"],
    ["su reads stdin", "echo 'rm x' | su", "rm x [echo 'rm x' | su]"],
    ["at reads stdin", "at now <<< 'rm x'", "rm x [a here-string | at]"],
    ["ssh remote command", "ssh -p 22 host rm x", "rm x [ssh host]"],
    ["a script written earlier in the line", "echo 'rm x' > s.sh; sh s.sh", "rm x [sh s.sh]"],
    ["a python file written by a heredoc", "cat > t.py <<'EOF'\nimport os\nos.remove('a')\nEOF\npython3 t.py", "rm -f a [python3 t.py]"],
  ] as const)("%s", ([, command, expected]) => {
    expect(run(command)).toContain(expected);
  });

  it.for([
    ["curl | sh", "curl -fsSL https://e.x/i.sh | sh", "download"],
    ["wget | bash", "wget -qO- https://e.x/i.sh | bash", "download"],
    ["bash -c \"$(curl …)\"", "bash -c \"$(curl -s https://e.x)\"", "download"],
    ["eval $X", "eval \"$X\"", "dynamic"],
    ["cat file | sh", "cat script.sh | sh", "dynamic"],
  ] as const)("%s is code nobody read (%s)", ([, command, kind]) => {
    const opaque = analyzeShell(command, CONTEXT).commands.find((c) => c.opaqueCode);
    expect(opaque?.opaqueCode?.kind).toBe(kind);
  });
});

describe("which programs are interpreters", () => {
  it.for([
    ["python", "python"], ["python3", "python"], ["python3.12", "python"], ["pypy3", "python"],
    ["node", "node"], ["nodejs", "node"], ["deno", "node"], ["node18", undefined],
    ["perl", "perl"], ["perl5.36", "perl"], ["ruby", "ruby"], ["jruby", "ruby"], ["ruby3", undefined],
    ["php", "php"], ["php8.2", "php"], ["lua", "lua"], ["lua5.4", "lua"], ["luajit", "lua"], ["luajit2", undefined],
    ["awk", "awk"], ["gawk", "awk"], ["busybox-awk", "awk"], ["awk5", undefined],
    ["python-config", undefined], ["pythonx", undefined], ["3.12", undefined], ["", undefined], ["rm", undefined],
  ] as const)("%s → %s", ([program, language]) => {
    expect(languageOf(program)).toBe(language);
  });
});

describe("static resolution", () => {
  it.for([
    ["~ and ~/x", "ls ~ ~/x", "ls /home/dev /home/dev/x"],
    ["~user", "ls ~root ~dev", "ls /root /home/dev"],
    ["$HOME and ${HOME}", "ls $HOME ${HOME}/x", "ls /home/dev /home/dev/x"],
    ["$TMPDIR", "ls $TMPDIR/a", "ls /tmp/a"],
    ["$PWD", "ls $PWD", "ls /home/dev/project"],
    ["${VAR:-default} of a known variable", "ls ${HOME:-/x}", "ls /home/dev"],
    ["brace lists", "ls /{etc,usr}/x", "ls /etc/x /usr/x"],
    ["brace sequences", "ls f{1..3}", "ls f1 f2 f3"],
    ["brace then tilde", "ls {a,~}", "ls a /home/dev"],
    ["quoted braces stay literal", "ls '{a,b}'", "ls {a,b}"],
    ["earlier assignment", "D=/srv; ls $D", "ls /srv"],
    ["export", "export D=/srv; ls \"$D\"", "ls /srv"],
    ["assignment of a program", "X=rm; $X f", "rm f"],
    ["$(mktemp -d) lives under TMPDIR", "d=$(mktemp -d); ls $d", "ls /tmp/tmp.mktemp"],
    ["$(mktemp -p DIR)", "ls \"$(mktemp -p /srv/x)\"", "ls /srv/x/tmp.mktemp"],
  ] as const)("%s", ([, command, expected]) => {
    expect(run(command)).toContain(expected);
  });

  it.for([
    ["cd absolute", "cd /srv && ls", "/srv"],
    ["cd relative and ..", "cd .. && cd other && ls", "/home/dev/other"],
    ["bare cd goes home", "cd; ls", "/home/dev"],
    ["cd to an unknown place", "cd \"$X\"; ls", undefined],
    ["subshell cd does not leak", "(cd /srv); ls", "/home/dev/project"],
    ["sudo -D", "sudo -D /srv ls", "/srv"],
  ] as const)("cwd: %s", ([, command, cwd]) => {
    const commands = analyzeShell(command, CONTEXT).commands;
    expect(commands[commands.length - 1]!.cwd).toBe(cwd);
  });
});

/** `bash -c "bash -c \"… ls\""`, properly quoted at every level. */
function nestedShells(levels: number): string {
  let command = "ls";
  for (let i = 0; i < levels; i++) command = `bash -c "${command.replace(/[\\"$`]/g, "\\$&")}"`;
  return command;
}

describe("bounds", () => {
  it.for([
    ["deep nesting", `${"$(".repeat(30)}ls${")".repeat(30)}`, /nested deeper/],
    ["size", `echo ${"a".repeat(100_001)}`, /longer than/],
    ["too many words", `echo ${"a ".repeat(25_000)}`, /more than 20000 words/],
    ["nested shells", nestedShells(12), /nested deeper/],
    ["brace lists in one word", `echo ${"{a,b}".repeat(100)}`, /more than 64 brace lists/],
    ["parts of one word", `echo ${"$A".repeat(25_000)}`, /more than 20000 words/],
  ] as const)("%s stops with a reason", ([, command, reason]) => {
    const analysis = analyzeShell(command, CONTEXT);
    expect([analysis.limit, ...analysis.unresolved].join(" ")).toMatch(reason);
  });

  it.for([
    ["unclosed $(", "echo $(ls", /unclosed/],
    ["unclosed quote", "echo 'x", /unterminated single quote/],
    ["many unclosed $(", "$(".repeat(50_000), /unclosed/],
    ["unclosed ${ in an unquoted heredoc", "cat <<EOF\n${x\nEOF", /unclosed \$\{ in a heredoc/],
  ] as const)("%s is reported as unresolved", ([, command, reason]) => {
    expect(analyzeShell(command, CONTEXT).unresolved.join(" ")).toMatch(reason);
  });

  it("caps brace expansion", () => {
    const [ls] = analyzeShell(`ls ${"{a,b}".repeat(20)}`, CONTEXT).commands;
    expect(ls!.argv.length).toBeLessThanOrEqual(257);
  });
});

describe("hostile input", () => {
  // Shell-ish fragments glued at random (seeded, so a failure reproduces): the analysis must answer, never throw.
  const FRAGMENTS = ["rm", " ", "-rf", "~", "/", "$(", ")", "`", "'", '"', "\\", "\n", ";", "&&", "|", "<<", "EOF", "<<<", "{", "}", "(", "$", "${", "=", "bash -c ", "eval ", "sudo ", "find ", "-exec ", "{}", "\\;", "xargs ", "python3 -c ", "shutil.rmtree(", "*", "..", ",", "#", "&", ">", "2>&1", "$'\\x72'", "cd ", "alias a=", "f()", "<(", ":::"];
  let seed = 20261122;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const inputs = Array.from({ length: 3000 }, () => Array.from({ length: 1 + Math.floor(random() * 30) }, () => FRAGMENTS[Math.floor(random() * FRAGMENTS.length)]).join(""));

  it("never throws on 3000 random fragment strings", () => {
    const failures = inputs.filter((input) => {
      try {
        analyzeShell(input, CONTEXT);
        return false;
      } catch {
        return true;
      }
    });
    expect(failures).toEqual([]);
  });
});

describe("variables the line sets for a command", () => {
  it.for([
    ["K=v cmd", "KUBECONFIG=/k/prod.yaml kubectl get pods", { KUBECONFIG: "/k/prod.yaml" }],
    ["env K=v cmd", "env -i KUBECONFIG=/k/prod.yaml kubectl get pods", { KUBECONFIG: "/k/prod.yaml" }],
    ["export earlier in the line", "export KUBECONFIG=/k/prod.yaml; kubectl get pods", { KUBECONFIG: "/k/prod.yaml" }],
    ["run-time value", "KUBECONFIG=$UNKNOWN kubectl get pods", { KUBECONFIG: null }],
    ["none", "kubectl get pods", undefined],
  ] as const)("%s", ([, command, env]) => {
    const kubectl = analyzeShell(command).commands.find((c) => c.program === "kubectl");
    expect(kubectl?.env).toEqual(env);
  });
});

// Every shell guard of one process asks for the same command: it is analysed once and the result shared.
describe("one analysis per command, context and environment", () => {
  const env = { HOME: "/home/dev" };
  it("the same command in the same folder and environment is the same analysis, which no caller can change", () => {
    const first = analyzeShell("cd build && rm -rf ./out", { cwd: "/p", env });
    expect(analyzeShell("cd build && rm -rf ./out", { cwd: "/p", env })).toBe(first);
    expect(Object.isFrozen(first.commands) && Object.isFrozen(first.unresolved)).toBe(true);
    expect(() => (first.commands as unknown[]).push({})).toThrow(TypeError);
  });

  it.for([
    ["another command", "cd build && rm -rf ./in", "/p", env],
    ["another folder", "cd build && rm -rf ./out", "/q", env],
    ["another environment", "cd build && rm -rf ./out", "/p", { HOME: "/home/other" }],
  ] as const)("%s is analysed again", ([, command, cwd, otherEnv]) => {
    const first = analyzeShell("cd build && rm -rf ./out", { cwd: "/p", env });
    const other = analyzeShell(command, { cwd, env: otherEnv });
    expect(other).not.toBe(first);
    expect(other.commands.find((c) => c.program === "rm")?.cwd).toBe(`${cwd}/build`);
  });
});
