/**
 * Each dialect's module, loaded when a payload needs it. The runner reaches dialects only through these:
 * in a built hook file a dynamic import sets a module up at its first use, so a run builds the tables of
 * the one agent it answers (and of the agents that run that agent's files, shared/dialects/readers.ts),
 * not those of all eighteen.
 */
import type { Dialect } from "../dialect.ts";
import { DIALECT_IDS, type DialectId } from "../event.ts";
import type { Json } from "../fields.ts";

const LOADERS: Record<DialectId, () => Promise<Dialect>> = {
  cursor: () => import("./cursor.ts").then((m) => m.cursor),
  claude: () => import("./claude.ts").then((m) => m.claude),
  windsurf: () => import("./windsurf.ts").then((m) => m.windsurf),
  copilot: () => import("./copilot.ts").then((m) => m.copilot),
  gemini: () => import("./gemini.ts").then((m) => m.gemini),
  codex: () => import("./codex.ts").then((m) => m.codex),
  qwen: () => import("./qwen.ts").then((m) => m.qwen),
  factory: () => import("./factory.ts").then((m) => m.factory),
  augment: () => import("./augment.ts").then((m) => m.augment),
  devin: () => import("./devin.ts").then((m) => m.devin),
  kiro: () => import("./kiro.ts").then((m) => m.kiro),
  cline: () => import("./cline.ts").then((m) => m.cline),
  goose: () => import("./goose.ts").then((m) => m.goose),
  crush: () => import("./crush.ts").then((m) => m.crush),
  vscode: () => import("./vscode.ts").then((m) => m.vscode),
  opencode: () => import("./opencode.ts").then((m) => m.opencode),
  amp: () => import("./amp.ts").then((m) => m.amp),
  universal: () => import("./universal.ts").then((m) => m.universal),
};

export function isDialectId(value: string): value is DialectId {
  return (DIALECT_IDS as readonly string[]).includes(value);
}

export function loadDialect(id: DialectId): Promise<Dialect> {
  return LOADERS[id]();
}

/** A payload with no `--dialect`: every dialect is needed to tell which agent sent it (the slow, rare path). */
export async function detectDialectOf(raw: Json): Promise<Dialect | undefined> {
  return (await import("./index.ts")).detectDialect(raw);
}
