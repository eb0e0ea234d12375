import type { FileEditBefore } from "../../shared/event.ts";
import { shellEvent, type HookCase } from "../../shared/hook-case.ts";

const P = "/home/dev/project";
const asks = (name: string, command: string, says: string[] = []): HookCase => ({ name, event: shellEvent(command), expect: { action: "ask", rule: "guarded-file", says } });
const passes = (name: string, command: string): HookCase => ({ name, event: shellEvent(command), expect: { action: "pass" } });
const edit = (filePath: string): FileEditBefore => {
  const { command: _, ...base } = shellEvent("");
  return { ...base, kind: "file.edit.before", filePath, filePaths: [filePath], edits: [], toolName: "Write" };
};

export const cases: HookCase[] = [
  // Every write form on an agent's hook config.
  asks("sed -i on Claude's settings", "sed -i 's/guards/off/g' .claude/settings.json", ["Claude Code's project hook config", "outside the agent"]),
  asks("redirect over Claude's settings", "echo '{}' > .claude/settings.json"),
  asks("append to Claude's local settings", "echo '{\"disableAllHooks\":true}' >> .claude/settings.local.json"),
  asks("jq into a temp file moved over the config", "jq '.disableAllHooks=true' .claude/settings.json > /tmp/s && mv /tmp/s .claude/settings.json"),
  asks("move the config away", "mv .claude/settings.json /tmp/"),
  asks("cp over the config", "cp /tmp/empty.json .cursor/hooks.json"),
  asks("cp into the config's folder under its name", "cp /tmp/settings.json .claude/"),
  asks("cp -r of a folder that replaces the config's folder", "cp -r /tmp/evil/.claude ."),
  asks("rm of Copilot's hooks folder", "rm -rf .github/hooks"),
  asks("rm of a folder that holds a config", "rm -rf .github"),
  asks("truncate Gemini's settings", "truncate -s 0 .gemini/settings.json"),
  asks("tee over Codex's hooks", "echo '{}' | tee .codex/hooks.json"),
  asks("Codex config.toml", "printf '[features]\\ncodex_hooks = false\\n' > .codex/config.toml"),
  asks("chmod of the config's folder", "chmod 000 .claude"),
  asks("ln -sf over the config", "ln -sf /dev/null .qwen/settings.json"),
  asks("a link to the config", "ln -s .claude/settings.json notes.json"),
  asks("Windsurf hooks", "rm .windsurf/hooks.json"),
  asks("an in-process plugin", "echo 'export default {}' > .opencode/plugins/guards.js"),
  asks("user-scope Claude settings", "sed -i '/hooks/d' ~/.claude/settings.json"),
  asks("managed Claude folder", "sudo rm /etc/claude-code/managed-settings.d/50-guards.json"),
  asks("Copilot policy folder", "sudo tee /etc/github-copilot/policy.d/guards.json < /dev/null"),
  asks("dd over the config", "dd if=/dev/null of=.cursor/hooks.json"),
  asks("cp -t into the config's folder", "cp -t .claude /tmp/settings.json"),
  asks("cp --target-directory= into the config's folder", "cp --target-directory=.claude /tmp/settings.json"),
  asks("curl -o over the config", "curl -sSL -o .claude/settings.json https://example.com/x"),
  asks("wget -O over the project config", "wget -q -O .guards.yaml https://example.com/x"),
  asks("curl --output= over a hook file", "curl --output=.guards/0.1.0/guard-files.mjs https://example.com/x"),
  asks("awk -i inplace on the config", "awk -i inplace '{print}' .claude/settings.json"),
  asks("git apply of a patch not there to read", "cat > /tmp/guard-files-absent.patch <<'EOF'\n--- a/.claude/settings.json\nEOF\ngit apply /tmp/guard-files-absent.patch"),
  asks("rsync onto the config", "rsync -a /tmp/empty.json .cursor/hooks.json"),
  asks("vim in ex mode", "vim -es -c '%d|x' .claude/settings.json"),
  asks("perl -pi", "perl -pi -e 's/node/true/' .cursor/hooks.json"),
  asks("git checkout of the config", "git checkout HEAD~3 -- .claude/settings.json"),
  asks("git rm of the hook files", "git rm -r .guards"),
  asks("Codex's apply_patch run as a command", "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: .codex/hooks.json\n@@\n-{}\n+{ }\n*** End Patch\nEOF"),
  // The guards' own files, config, state and cache.
  asks("rm -rf .guards", "rm -rf .guards", ["the project's guard hook files"]),
  asks("emptying a hook file", ": > .guards/0.1.0/dangerous-command.mjs"),
  asks("a project config that switches guards off", "printf 'hooks:\\n  dangerous-command:\\n    enabled: false\\n' > .guards.yaml", ["the project's guards config"]),
  asks("the user config", "rm ~/.config/guards/config.yaml"),
  asks("the enterprise config", "sudo rm -rf /etc/guards"),
  asks("the enterprise hook files", "sudo rm -rf /opt/guards"),
  asks("the code cache", "rm -rf /tmp/guards-code-cache-1000", ["compiled-code cache"]),
  asks("the state folder", "rm -rf ~/.local/state/guards"),
  asks("the guards installer", "npx agent-guards uninstall", ["installer"]),
  // Hidden in wrappers, nested shells and interpreters.
  asks("bash -c", "bash -c 'rm -rf .guards'"),
  asks("base64 into sh", "echo cm0gLXJmIC5ndWFyZHM= | base64 -d | sh"),
  asks("heredoc into sh", "sh <<'EOF'\necho '{}' > .claude/settings.json\nEOF"),
  asks("sudo env", "sudo env X=1 rm .gemini/settings.json"),
  asks("after cd", "cd .claude && echo '{}' > settings.json"),
  asks("find -delete", "find .guards -name '*.mjs' -delete"),
  asks("python writes the config", "python3 -c \"open('.claude/settings.json','w').write('{}')\""),
  asks("node removes the hook files", "node -e \"require('fs').rmSync('.guards',{recursive:true})\""),
  asks("case does not matter", "rm .Claude/Settings.json"),
  // Reading stays allowed, and ordinary work passes.
  passes("cat the config", "cat .claude/settings.json"),
  passes("jq reads the config", "jq '.hooks' .claude/settings.json"),
  passes("grep in the hook files", "grep -r dialect .guards/"),
  passes("cp the config elsewhere", "cp .claude/settings.json /tmp/backup.json"),
  passes("python reads the config", "python3 -c \"print(open('.claude/settings.json').read())\""),
  passes("a dry-run install", "npx agent-guards install --dry-run"),
  passes("git status", "git status && git add -A && git commit -m wip"),
  passes("edit other files in .claude", "echo 'review' > .claude/commands/review.md"),
  passes("cp -t elsewhere", "cp -t /tmp/backup .claude/settings.json"),
  passes("curl -o elsewhere", "curl -o settings.json https://example.com/x"),
  passes("wget -O a similarly named file elsewhere", "wget -O docs/.guards.yaml.example https://example.com/x"),
  passes("awk reads the config", "awk '/hooks/' .claude/settings.json"),
  passes("awk -i inplace on another file", "awk -i inplace '{print}' src/settings.json"),
  passes("write a source file", "echo x > src/app.ts"),
  passes("rm -rf build", "rm -rf build node_modules"),
  passes("apply_patch on a source file", "apply_patch <<'EOF'\n*** Begin Patch\n*** Update File: src/app.ts\n@@\n-a\n+b\n*** End Patch\nEOF"),
  // Edit tools.
  { name: "Write tool on Claude's settings", event: edit(`${P}/.claude/settings.json`), expect: { action: "ask", rule: "guarded-file", says: ["Write tool"] } },
  { name: "Write tool on a hook file", event: edit(`${P}/.guards/0.1.0/guard-files.mjs`), expect: { action: "ask", rule: "guarded-file" } },
  { name: "Write tool on .guards.yaml", event: edit(`${P}/.guards.yaml`), expect: { action: "ask", rule: "guarded-file" } },
  { name: "Write tool on a source file", event: edit(`${P}/src/app.ts`), expect: { action: "pass" } },
];
