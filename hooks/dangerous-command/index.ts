// PLACEHOLDER until the hook lands: answers pass for every event.
import { pass } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";

export default defineHook({
  meta: { id: "dangerous-command", summary: "(not built yet)", events: ["shell.before"], failure: "closed" },
  run: () => pass(),
});
