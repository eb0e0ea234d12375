/** A hook's answer as the agent reads it, whatever the dialect: exit 2, or the decision field of its JSON. */

export type Verdict = "deny" | "ask" | "pass" | "allow" | "broken";

export function verdictOf(status: number | null, stdout: string): Verdict {
  if (status === 2) return "deny";
  let json: Record<string, unknown> | undefined;
  try {
    json = stdout.trim() ? (JSON.parse(stdout) as Record<string, unknown>) : undefined;
  } catch {
    return "broken";
  }
  if (status !== 0) return "broken";
  const specific = json?.hookSpecificOutput as Record<string, unknown> | undefined;
  const decision = json?.permission ?? json?.permissionDecision ?? specific?.permissionDecision ?? json?.decision;
  if (decision === "deny" || decision === "block") return "deny";
  if (decision === "ask") return "ask";
  // Cursor's neutral answer is permission "allow" (shared/dialects/cursor-render.ts).
  if (decision === "allow" && json?.permission === undefined) return "allow";
  return "pass";
}
