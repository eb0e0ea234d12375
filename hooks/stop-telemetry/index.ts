import { pass } from "../../shared/event.ts";
import { defineHook } from "../../shared/hook.ts";
import { deliver } from "./deliver.ts";
import { decideFollowup, type FollowupVerdict } from "./followup.ts";
import { stopOptions, telemetryHeaders } from "./options.ts";
import { telemetryRecord } from "./payload.ts";
import { Spool } from "./spool.ts";
import { advance, pruneStale, updateState } from "./state.ts";

/** Events without a conversation id (some agents omit it) share one record. */
const NO_CONVERSATION = "unknown";
const DAY_MS = 24 * 60 * 60 * 1000;

export default defineHook({
  meta: {
    id: "stop-telemetry",
    summary: "Counts how runs end per conversation, asks the agent to retry after repeated errors, and reports each run to a telemetry endpoint without losing events",
    events: ["agent.stop", "subagent.stop", "session.end"],
    failure: "open",
  },
  async run(event, ctx) {
    const options = stopOptions(ctx.config, ctx.env, ctx.stateDir);
    const log = ctx.log ?? (() => undefined);
    const now = ctx.now();
    const conversationId = event.conversationId || NO_CONVERSATION;
    const { state, result } = await updateState(options.stateDir, conversationId, (prev) => {
      const next = advance(prev, event, conversationId, now);
      const verdict: FollowupVerdict = event.kind === "agent.stop" || event.kind === "subagent.stop" ? decideFollowup(event, next, options.retry) : { none: "not-a-stop" };
      if ("followup" in verdict) next.followupsInRow += 1;
      return { next, result: { verdict, isNew: prev === undefined } };
    });
    const { verdict } = result;
    if (result.isNew) pruneStale(options.stateDir, now, options.stateTtlDays * DAY_MS);
    const url = options.telemetry.url;
    if (url) {
      // Telemetry trouble is reported, never allowed to cost the follow-up decision.
      try {
        const spool = new Spool(options.stateDir, options.telemetry.spoolMax);
        // On disk first: whatever happens to the request, the record is not lost.
        await spool.append(telemetryRecord(event, state, "followup" in verdict, now));
        if (!/^https?:\/\//i.test(url)) {
          log(`telemetry URL ${JSON.stringify(url)} is not http(s); the event is kept in ${spool.file}`);
        } else {
          const report = await deliver(spool, {
            url,
            headers: telemetryHeaders(ctx.config, ctx.env),
            timeoutMs: options.telemetry.timeoutMs,
            budgetMs: options.telemetry.budgetMs,
            // The HTTP client is a lazy section: a stop without an endpoint never reads it.
            post: ctx.post ?? (await import("../../shared/http-post.ts")).undiciPost,
            now: ctx.now,
            log,
          });
          if (report.error && report.pending > 0) log(`telemetry not delivered (${report.error}); ${report.pending} event(s) kept in ${spool.file}`);
        }
      } catch (error) {
        log(`telemetry: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      }
    }
    if (ctx.otlp) {
      // The OTLP export: the stop becomes a `guards.stop` record, and the stop is when the spool (the
      // guards' decisions of this run included) is delivered: the agent has finished its turn.
      try {
        ctx.otlp.spool([telemetryRecord(event, state, "followup" in verdict, now) as unknown as Record<string, unknown>]);
        const report = await ctx.otlp.deliver(options.telemetry.budgetMs, ctx.post);
        if (report.stopped && report.pending > 0) log(`OTLP export: ${report.stopped}; ${report.pending} record(s) kept for the next stop or \`guards telemetry flush\``);
      } catch (error) {
        log(`OTLP export: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
      }
    }
    return "followup" in verdict ? pass({ rule: "retry-after-errors", followup: verdict.followup }) : pass();
  },
});
