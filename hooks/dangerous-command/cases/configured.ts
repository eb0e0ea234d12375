/** Behaviour set in the guards config: rules switched off, extra protected paths and branches, own rules. */
import type { HookCase } from "../../../shared/hook-case.ts";
import { asks, denies, passes, withConfig } from "./make.ts";

const OWN_RULE = { rules: [{ id: "no-npm-publish", command: "npm publish", action: "deny", reason: "publishes the package; CI does that", instead: "open a release pull request" }] };

export const configured: HookCase[] = [
  passes("git-branch-force-delete switched off", "git branch -D feature", withConfig({ disable: ["git-branch-force-delete"] })),
  passes("sudo ask switched off", "sudo apt-get install -y jq", withConfig({ disable: ["sudo"] })),
  denies("delete-root cannot be switched off", "rm -rf /", "delete-root", withConfig({ disable: ["delete-root"] })),
  denies("delete-home cannot be switched off", "rm -rf ~", "delete-home", withConfig({ disable: ["delete-home"] })),
  denies("block-device cannot be switched off", "dd if=/dev/zero of=/dev/sda", "block-device", withConfig({ disable: ["block-device"] })),
  denies("extra protected path relative to the project", "rm -rf ./data/golden", "delete-protected-path", withConfig({ protectedPaths: ["data/golden"] })),
  denies("extra protected path under home", "rm -rf ~/notes", "delete-protected-path", withConfig({ protectedPaths: ["~/notes"] })),
  denies("extra protected branch", "git push --force origin staging", "git-force-push-protected", withConfig({ protectedBranches: ["staging"] })),
  denies("extra protected branch glob", "git push -f origin hotfix/1.2", "git-force-push-protected", withConfig({ protectedBranches: ["hotfix/*"] })),
  denies("own rule", "npm publish --access public", "no-npm-publish", withConfig(OWN_RULE)),
  denies("own rule through a wrapper", "sudo npm publish", "no-npm-publish", withConfig(OWN_RULE)),
  passes("own rule does not match other subcommands", "npm pack", withConfig(OWN_RULE)),
  asks("own rule asking", "gh release create v1", "gh-release", withConfig({ rules: [{ id: "gh-release", command: "gh release create", action: "ask", reason: "publishes a release" }] })),
];
