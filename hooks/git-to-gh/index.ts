// PLACEHOLDER until the hook lands.
import { pass } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";

export default defineHook({
  meta: { id: "git-to-gh", summary: "(not built yet)", events: ["shell.before"], failure: "closed" },
  run: () => pass(),
});
