// PLACEHOLDER until the hook lands: answers pass for every event.
import { pass } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";

export default defineHook({
  meta: { id: "format", summary: "(not built yet)", events: ["file.edit.after"], failure: "open" },
  run: () => pass(),
});
