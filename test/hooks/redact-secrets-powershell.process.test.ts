/**
 * PowerShell and cmd lines that would show a secret file: `Get-Content`/`gc`/`type`/`cat -Path`, `Select-String`,
 * `Format-Hex`, `Import-Csv`, .NET's `[IO.File]::ReadAllText`, subexpressions, copies, `findstr`, `find`,
 * `certutil`, `cmd /c type`, and paths only run time knows. Every dialect whose agent runs PowerShell answers
 * them through the built engine, one process per dialect, with a real key from ssh-keygen and a real `.env`;
 * no answer may hold a byte of a secret's middle. Ordinary reads and lines that only touch a secret file pass.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { decideAll } from "../support/decide-all.ts";
import { ROOT, readFixture, type ProcessResult } from "../support/process.ts";
import { stoppedIn, withCommand } from "../support/shell-payloads.ts";

const token = (prefix: string, length: number) => prefix + randomBytes(length * 2).toString("base64").replace(/[^A-Za-z0-9]/g, "").slice(0, length);
const STRIPE = token("sk_live_", 40);
const DB_PASSWORD = token("", 20) + "#9";

/** The agents' PowerShell tools (`rewrites`: the tool is known to run PowerShell), and the shell tools of agents that run PowerShell on Windows (the line shows it). */
const POWERSHELL_PAYLOADS = [
  { dialect: "claude", fixture: "claude/PreToolUse/powershell.json", rewrites: true },
  { dialect: "copilot", fixture: "copilot/preToolUse/powershell.json", rewrites: true },
  { dialect: "gemini", fixture: "gemini/BeforeTool/ls.json", rewrites: false },
  { dialect: "vscode", fixture: "vscode/PreToolUse/ls.json", rewrites: false },
  // Copilot's bash tool on Windows runs PowerShell too.
  { dialect: "copilot", fixture: "copilot/preToolUse/ls.json", rewrites: false },
];

/** [command, stopped or rewritten]: lines that show a secret file, then lines that must run unchanged. */
const ROWS: [string, boolean, ("powershell only")?][] = [
  ["Get-Content .env", true],
  ["gc .env", true],
  ["type .env", true],
  ["cat -Path .env", true],
  ["Get-Content -LiteralPath:.env -Raw", true],
  ["& gc .\\.env", true],
  ["Get-Content -Raw -LiteralPath ~/.ssh/id_ed25519", true],
  ["Get-Content $env:USERPROFILE\\.ssh\\id_ed25519", true],
  ["Get-Content \"$HOME\\.ssh\\id_ed25519\"", true],
  ["Select-String -Path .env -Pattern STRIPE", true],
  ["sls STRIPE .env", true],
  ["Select-String -Pattern password -Path config\\app.yml, src\\app.ts", true],
  ["[IO.File]::ReadAllText(\".env\")", true],
  ["[System.IO.File]::ReadAllLines(\"$PWD\\.env\")", true],
  ["[Convert]::ToBase64String([IO.File]::ReadAllBytes('config/app.yml'))", true],
  ["(New-Object System.IO.StreamReader('.env')).ReadToEnd()", true],
  ["Import-Csv .env -Delimiter '=' -Header k,v", true],
  ["Format-Hex .env", true],
  ["Get-Content .env | Out-String", true],
  ["(gc .env) -join \"`n\"", true],
  ["Write-Output $(Get-Content .env)", true],
  ["$c = Get-Content -Raw config/app.yml; $c", true],
  ["$p = '.env'; Get-Content $p", true],
  ["Copy-Item .env env.txt; Get-Content env.txt", true],
  ["certutil -encode .env out.b64; type out.b64", true],
  ["Get-ChildItem .env* | Get-Content", true],
  ["Get-Content -Path (Resolve-Path .env)", true],
  ["more .env", true],
  ["iex 'Get-Content .env'", true],
  ["foreach ($l in Get-Content config/app.yml) { Write-Output $l }", true],
  ["$c = 'Get-' + 'Content .env'; Invoke-Expression $c", true],
  ["Get-Item .env | ForEach-Object { $_.OpenText().ReadToEnd() }", true],
  ["Get-ChildItem ~/.ssh | ForEach-Object { Get-Content $_.FullName }", true],
  ["${C:\\shop\\.env}; Get-Content -Path (Join-Path $PWD '.env')", true],
  ["${c:.env}", true],
  ["Write-Output ${C:config/app.yml}", true],
  ["findstr /i stripe .env", true],
  // sh's find lists names: only a PowerShell tool's line is Windows' find.
  ["find \"STRIPE\" .env", true, "powershell only"],
  ["cmd /c type .env", true],
  ["cmd /c \"findstr /s /i password config\\*.yml\"", true],
  ["cmd /c \"for /f \"delims=\" %l in (.env) do @echo %l\"", true],
  // cmd's console device as copy's destination, for /f over a command's output, set /p from a file.
  ["cmd /c \"copy .env con\"", true],
  ["cmd /c \"for /f \"tokens=*\" %a in ('type .env') do @echo %a\"", true],
  ["cmd /c \"set /p v=<.env & call echo %v%\"", true],
  ["pwsh -NoProfile -Command \"Get-Content .env\"", true],
  // Reads of files without a secret, and lines that touch a secret file without showing it.
  ["Get-Content src/app.ts", false],
  ["gc README.md | Select-Object -First 20", false],
  ["Get-Content .env.example", false],
  ["Get-Content ~/.ssh/id_ed25519.pub", false],
  ["Test-Path .env", false],
  ["Get-Item .env | Select-Object Length", false],
  ["Get-FileHash .env -Algorithm SHA256", false],
  ["Select-String -Path .env -Pattern STRIPE -Quiet", false],
  ["Select-String -Path src/*.ts -Pattern TODO", false],
  ["findstr /m STRIPE .env", false],
  ["[IO.File]::Exists(\".env\")", false],
  ["Copy-Item .env.example .env.local", false],
  ["$files = Get-ChildItem src; $files | ForEach-Object { Get-Content $_ }", false],
  ["Get-Content package.json | ConvertFrom-Json", false],
  ["Get-ChildItem ~/.ssh", false],
  ["iex 'Get-Content src/app.ts'", false],
  ["foreach ($l in Get-Content src/app.ts) { Write-Output $l }", false],
  ["Get-ChildItem src | ForEach-Object { Get-Content $_.FullName }", false],
  ["pwsh -NoProfile -Command \"[IO.File]::Exists('.env')\"", false],
  ["Write-Host \"Edit .env and set STRIPE_SECRET\"", false],
  ["certutil -hashfile .env SHA256", false],
  ["${c:src/app.ts}", false],
  ["${env:NODE_ENV}", false],
  ["cmd /c \"copy .env.example con\"", false],
  ["cmd /c \"for /f \"tokens=*\" %a in ('type src\\app.ts') do @echo %a\"", false],
  ["cmd /c \"set /p v=<src\\app.ts & call echo %v%\"", false],
];

let project: string;
let home: string;
let keyMiddle: string;

beforeAll(() => {
  const root = mkdtempSync(join(tmpdir(), "ps-reads-"));
  project = join(root, "shop");
  home = join(root, "home");
  mkdirSync(join(project, "src"), { recursive: true });
  mkdirSync(join(project, "config"), { recursive: true });
  mkdirSync(join(home, ".ssh"), { recursive: true });
  writeFileSync(join(project, ".env"), `APP_NAME=Shop\nSTRIPE_SECRET=${STRIPE}\nDB_PASSWORD=${DB_PASSWORD}\n`);
  writeFileSync(join(project, ".env.example"), "APP_NAME=Shop\nSTRIPE_SECRET=sk_test_...\nDB_PASSWORD=\n");
  writeFileSync(join(project, "config", "app.yml"), `database:\n  user: app\n  password: "${DB_PASSWORD}"\n`);
  writeFileSync(join(project, "src", "app.ts"), "export const port = 3000; // TODO: read from config\n");
  writeFileSync(join(project, "README.md"), "# Shop\n\nCopy .env.example to .env and set STRIPE_SECRET.\n");
  writeFileSync(join(project, "package.json"), '{ "name": "shop" }\n');
  execFileSync("ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "dev@laptop", "-f", join(home, ".ssh", "id_ed25519")]);
  const body = readFileSync(join(home, ".ssh", "id_ed25519"), "utf8").split("\n").filter((l) => l && !l.startsWith("-----")).join("");
  keyMiddle = body.slice(60, 100);
});

async function decideRows(dialect: string, fixture: string): Promise<ProcessResult[]> {
  const env = { HOME: home, USERPROFILE: home, USER: "dev", TMPDIR: join(home, "tmp"), XDG_CONFIG_HOME: "/nonexistent/xdg", GUARDS_ENTERPRISE_CONFIG: "/nonexistent/enterprise.yaml", PATH: process.env.PATH, LANG: "C.UTF-8" };
  mkdirSync(env.TMPDIR, { recursive: true });
  const payloads = ROWS.map(([command]) => withCommand(readFixture(fixture), command, project));
  const { answers } = await decideAll({ hooks: ["redact-secrets"], dialect, payloads, env, cwd: ROOT });
  return answers.map((json) => (typeof json.block === "string" ? { stdout: "", stderr: json.block, exitCode: 2 } : { stdout: JSON.stringify(json), stderr: "", exitCode: 0, json }));
}

/** The command the agent would run instead, when the answer rewrites it. */
const rewritten = (r: ProcessResult): string | undefined => {
  const json = r.json as any;
  return json?.hookSpecificOutput?.updatedInput?.command ?? json?.hookSpecificOutput?.tool_input?.command ?? json?.modifiedArgs?.command;
};

describe("redact-secrets: PowerShell and cmd reads", () => {
  it.for(POWERSHELL_PAYLOADS)("$dialect ($fixture): every line that shows a secret file is stopped or pointed at a redacted copy", async ({ dialect, fixture, rewrites }) => {
    const results = await decideRows(dialect, fixture);
    const wrong = ROWS.flatMap(([command, shows, only], i) => {
      const r = results[i]!;
      const changed = stoppedIn(r) || rewritten(r) !== undefined;
      const expected = shows && (!only || rewrites);
      return changed === expected ? [] : [`${expected ? "passed" : "stopped"}: ${command}`];
    });
    expect(wrong).toEqual([]);
    const text = results.map((r) => r.stdout + r.stderr).join("\n");
    for (const middle of [STRIPE.slice(12, -4), DB_PASSWORD.slice(4, -4), keyMiddle]) expect(text).not.toContain(middle);
  });

  it.for(POWERSHELL_PAYLOADS.filter((p) => p.rewrites))("$dialect: `Get-Content .env` reads a redacted copy, as a PowerShell literal", async ({ dialect, fixture }) => {
    const [result] = await decideRows(dialect, fixture);
    const command = rewritten(result!)!;
    const copy = /^Get-Content '((?:''|[^'])+)'$/.exec(command)?.[1]?.replace(/''/g, "'");
    expect(copy, command).toBeDefined();
    const shown = readFileSync(copy!, "utf8");
    expect(shown).toContain("APP_NAME=Shop");
    expect(shown).not.toContain(STRIPE.slice(12, -4));
  });
});
