// PLACEHOLDER until the hook lands: answers pass for every event.
import { pass } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";

export default defineHook({
  meta: { id: "stop-telemetry", summary: "(not built yet)", events: ["agent.stop"], failure: "open" },
  run: () => pass(),
});
