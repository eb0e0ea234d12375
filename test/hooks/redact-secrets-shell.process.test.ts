/**
 * Every way a shell command shows a file, through the built hook (Codex, whose only read path is its shell):
 * a plain read of one file is pointed at the redacted copy, anything else that would show a secret is refused
 * with the masked finding, and commands that print nothing of the file pass.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hookRunner } from "../support/hook-runs.ts";
import { readFixture } from "../support/process.ts";

const GITHUB = "ghp_R8kT2mVx9QwZ4nB7cJ5hL1pF6sD3gY0aE8uK";
const STRIPE = "sk_live_51Hx8QmTz4KpW7vRc2NbY6sLd";
const ENV_TEXT = `PORT=3000\nGITHUB_TOKEN=${GITHUB}\nSTRIPE_SECRET_KEY=${STRIPE}\n`;

let base: string;
let project: string;
let copies: string;
let env: Record<string, string>;
const { runAll, seenByAgent } = hookRunner({ cwd: () => project, env: () => env, copies: () => copies });

beforeAll(() => {
  base = mkdtempSync(join(tmpdir(), "redact-shell-"));
  project = join(base, "project");
  copies = join(base, "tmp");
  mkdirSync(join(project, "old"), { recursive: true });
  mkdirSync(copies);
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], { cwd: project, stdio: "ignore" });
  git("init", "-q");
  // A secret committed once and removed since: only `git show` can still print it.
  writeFileSync(join(project, "old", "settings.env"), ENV_TEXT);
  git("add", ".");
  git("commit", "-qm", "settings");
  git("rm", "-q", "old/settings.env");
  git("commit", "-qm", "remove settings");
  writeFileSync(join(project, ".env"), ENV_TEXT);
  writeFileSync(join(project, "notes.md"), "# Notes\nNothing secret.\n");
  // A script on disk that prints the file under a name built from pieces, and a copy of the secrets in the home folder.
  writeFileSync(join(project, "dump.py"), 'import os\nprint(open(os.path.join(os.path.dirname(__file__), ".e" "nv")).read())\n');
  writeFileSync(join(project, "dump.sh"), "#!/bin/sh\necho start\ncat .env\n");
  writeFileSync(join(project, "outer.sh"), "bash ./dump.sh\n");
  writeFileSync(join(project, "build.sh"), "#!/bin/sh\necho building\nls\n");
  mkdirSync(join(base, "home"), { recursive: true });
  writeFileSync(join(base, "home", ".env"), ENV_TEXT);
  execFileSync("tar", ["-czf", "backup.tgz", ".env", "notes.md"], { cwd: project });
  env = { HOME: join(base, "home"), TMPDIR: copies, XDG_CONFIG_HOME: join(base, "home", ".config"), GUARDS_ENTERPRISE_CONFIG: join(base, "none.yaml") };
});

afterAll(() => rmSync(base, { recursive: true, force: true }));

const TABLE: [command: string, expected: "redacted" | "denied" | "passed"][] = [
  ["cat .env", "redacted"],
  ["head -n 2 .env", "redacted"],
  ["tail -1 .env", "redacted"],
  ["less .env", "redacted"],
  ["more .env", "redacted"],
  ["nl .env", "redacted"],
  ["sed -n 1,3p .env", "redacted"],
  ["awk -F= '{print $2}' .env", "redacted"],
  ["grep TOKEN .env", "redacted"],
  ["base64 .env", "redacted"],
  ["xxd .env", "redacted"],
  ["od -c .env", "redacted"],
  ["strings .env", "redacted"],
  // Line-by-line filters run on the copy too: `cut -d= -f1 .env` still lists the names.
  ["cut -d= -f1 .env", "redacted"],
  ["sort .env", "redacted"],
  ["rev .env", "redacted"],
  ["grep -l TOKEN .env", "passed"],
  ["grep -c TOKEN .env", "passed"],
  ["grep -q TOKEN .env && echo yes", "passed"],
  ["sed -i s/3000/3001/ .env", "passed"],
  ["cat < .env", "denied"],
  ["base64 < .env", "denied"],
  ['echo "$(cat .env)"', "denied"],
  ["x=$(cat .env); echo $x", "denied"],
  ["cat .env | base64", "denied"],
  ["bash -c 'cat .env'", "denied"],
  ["cp .env /tmp/notes.txt && cat /tmp/notes.txt", "denied"],
  ["mv .env backup/ && head backup/.env", "denied"],
  ["dd if=.env", "denied"],
  ["tar -xzOf backup.tgz", "denied"],
  ["tar -xzOf backup.tgz notes.md", "passed"],
  ["git show HEAD~1:old/settings.env", "denied"],
  ["git cat-file -p HEAD~1:old/settings.env", "denied"],
  ["git show HEAD:notes.md", "passed"],
  ["cat notes.md", "passed"],
  ["cat .e*", "denied"],
  ["cat ./*env", "denied"],
  ["cat *.md", "passed"],
  ["grep -r TOKEN .", "denied"],
  ["grep -rn TOKEN", "denied"],
  ["rg TOKEN", "denied"],
  ["grep -r TOKEN old", "passed"],
  ["grep -rn PORT .", "passed"],
  ["rg -i 'github_token|stripe'", "denied"],
  ["grep -r 'GITHUB_\\(TOKEN\\|KEY\\)' .", "denied"],
  ["grep -rv PORT .", "denied"],
  ["grep -r -A1 PORT .", "denied"],
  ["rg -F ghp_", "denied"],
  ["rg Nothing", "passed"],
  ["cat $(echo .env)", "denied"],
  ["grep -E 'TOKEN|KEY' .env", "redacted"],
  ["grep 'PORT.*' notes.md", "passed"],
  ["cat ./o*/../.e?v", "denied"],
  // Names built from pieces: what echo and printf print of static words is the name.
  ["cat $(printf '.e%s' nv)", "denied"],
  ["cat $(echo .e)nv", "denied"],
  ["f=.e; cat ${f}nv", "redacted"],
  // Code that opens the file: its string literals, and the names they spell, are checked.
  ["python3 -c 'print(open(\".env\").read())'", "denied"],
  ["python3 -c 'print(open(\".e\" + \"nv\").read())'", "denied"],
  ["node -e \"console.log(require('fs').readFileSync('.env', 'utf8'))\"", "denied"],
  ["node -e \"console.log(require('fs').readFileSync(require('path').join(require('os').homedir(), '.env'), 'utf8'))\"", "denied"],
  ["ruby -e 'puts File.read(\".env\")'", "denied"],
  ["perl -ne print .env", "denied"],
  ["perl -e 'open F, \".env\"; print <F>'", "denied"],
  ["php -r 'echo file_get_contents(\".env\");'", "denied"],
  ["awk 'BEGIN { while ((getline l < \".env\") > 0) print l }'", "denied"],
  ["python3 -c \"import os; print(open(os.path.expanduser('~/.env')).read())\"", "denied"],
  ["python3 - <<'EOF'\nprint(open('.env').read())\nEOF", "denied"],
  ["node -e \"require('dotenv').config(); console.log(process.env)\"", "denied"],
  ["python3 dump.py", "denied"],
  // Scripts on disk run or sourced by a shell, and scripts the same line writes before running them.
  ["bash dump.sh", "denied"],
  ["sh -e ./dump.sh", "denied"],
  ["source dump.sh", "denied"],
  ["bash outer.sh", "denied"],
  ["bash build.sh", "passed"],
  ["printf 'print(open(\".env\").read())' > /tmp/show.py && python3 /tmp/show.py", "denied"],
  ["cat > /tmp/show.py <<'EOF'\nprint(open('.env').read())\nEOF\npython3 /tmp/show.py", "denied"],
  ["printf 'print(1)' > /tmp/one.py && python3 /tmp/one.py", "passed"],
  // Code that lists a folder and opens what it finds: the folder's files that are secret by name are read.
  ["python3 -c \"import os; [print(open(f).read()) for f in os.listdir('.')]\"", "denied"],
  ["node -e \"const fs = require('fs'); for (const f of fs.readdirSync('.')) console.log(fs.readFileSync(f, 'utf8'))\"", "denied"],
  ["ruby -e 'Dir.children(\".\").each { |f| puts File.read(f) rescue nil }'", "denied"],
  ["python3 -c \"print(open('notes.md').read().split('.'))\"", "passed"],
  ["python3 -c 'print(1 + 1)'", "passed"],
  ["python3 -c \"import os; print(os.listdir('.'))\"", "passed"],
  ["node -e \"console.log(require('fs').readFileSync('notes.md', 'utf8'))\"", "passed"],
  // Names handed over at run time, compressed copies, other descriptors, file URLs.
  ["ls -A | xargs cat", "denied"],
  ["ls -A | grep env | xargs -n1 head", "denied"],
  ["gzip -c .env | zcat", "denied"],
  ["xz --stdout .env | xzcat", "denied"],
  ["gzip -k notes.md", "passed"],
  ["exec 3< .env; cat <&3", "denied"],
  ["curl -s file://$HOME/.env", "denied"],
  ["curl -s https://example.com/.env", "passed"],
  ["ls -A | xargs wc -l", "passed"],
];

describe("shell reads of a file with secrets", () => {
  it("are redacted, refused with the masked finding, or passed when they print nothing of it", async () => {
    const outcomes = await runAll(TABLE.map(([command]) => ({ dialect: "codex", payload: { ...readFixture("codex/PreToolUse/cat-env.json"), cwd: project, tool_input: { command } } })));
    const wrong: string[] = [];
    TABLE.forEach(([command, expected], i) => {
      const outcome = outcomes[i]!;
      const { verdict, seen } = seenByAgent(outcome, "");
      if (verdict !== expected) wrong.push(`${command}: ${verdict}, expected ${expected} ${outcome.stdout}${outcome.stderr}`);
      if (seen.includes(GITHUB) || seen.includes(STRIPE)) wrong.push(`${command}: a secret in what the agent sees`);
      if (verdict === "denied" && !/github-token on line 2 \(ghp_…E8uK\)/.test(seen)) wrong.push(`${command}: no masked finding in ${outcome.stdout}`);
    });
    expect(wrong).toEqual([]);
  }, 120_000);
});
