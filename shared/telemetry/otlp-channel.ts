/** What a hook sees of the OTLP export when it is enabled: add records to the spool, deliver it. */
import type { Json } from "../fields.ts";
import type { HttpPost } from "../hook.ts";
import { spoolMaxOf } from "./otlp-switch.ts";
import { OtlpSpool } from "./otlp-spool.ts";
import type { OtlpReport } from "./otlp-deliver.ts";

export interface OtlpChannel {
  /** Adds records (each with a unique `id`, or an `eventId` for stop records) to the spool: a few file writes. */
  spool(records: readonly Json[]): void;
  /** Sends what the spool holds, within the budget; never throws for a failed request, only reports it. `post`: undici by default. */
  deliver(budgetMs: number, post?: HttpPost): Promise<OtlpReport>;
}

export function otlpChannel(data: Json, env: Readonly<Record<string, string | undefined>>, stateDir: string, now: () => Date): OtlpChannel {
  const spool = new OtlpSpool(stateDir);
  return {
    spool: (records) => spool.append(records.map((r) => ({ ...r, id: String(r.id ?? r.eventId) })), spoolMaxOf(data), now()),
    async deliver(budgetMs, post) {
      // The sender, its settings and the HTTP client load here, in their own lazy section: every hook file
      // carries this call, and the client alone is about 280 KB that Node would otherwise scan at every start.
      const { deliverOtlp, defaultPost, otlpSettings } = await import("./otlp-deliver.ts");
      const settings = otlpSettings(data, env);
      post ??= await defaultPost();
      // A hook's budget bounds its whole wait: a collector that hangs must not hold the agent for the full timeout.
      return deliverOtlp(spool, { settings: { ...settings, timeoutMs: Math.min(settings.timeoutMs, budgetMs) }, post, now, budgetMs });
    },
  };
}
