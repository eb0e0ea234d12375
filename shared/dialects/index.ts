import type { Dialect } from "../dialect.ts";
import type { DialectId } from "../event.ts";
import { amp } from "./amp.ts";
import { claude } from "./claude.ts";
import { codex } from "./codex.ts";
import { copilot } from "./copilot.ts";
import { cursor } from "./cursor.ts";
import { gemini } from "./gemini.ts";
import { goose } from "./goose.ts";
import { kiro } from "./kiro.ts";
import { opencode } from "./opencode.ts";
import { qwen } from "./qwen.ts";
import { augment } from "./augment.ts";
import { cline } from "./cline.ts";
import { crush } from "./crush.ts";
import { devin } from "./devin.ts";
import { factory } from "./factory.ts";
import { universal } from "./universal.ts";
import { vscode } from "./vscode.ts";
import { windsurf } from "./windsurf.ts";

export const dialects = { cursor, claude, windsurf, copilot, gemini, codex, qwen, factory, augment, devin, kiro, cline, goose, crush, vscode, opencode, amp, universal } satisfies Record<DialectId, Dialect>;

/**
 * Shape detection, most specific first: each agent's envelope has a field the others lack
 * (see each dialect's file and fixtures/). Claude is last: any other snake_case hook envelope is Claude-shaped.
 */
const DETECTION_ORDER: readonly Dialect[] = [windsurf, cursor, copilot, universal, vscode, codex, gemini, qwen, augment, factory, devin, kiro, cline, goose, crush, claude];

export function detectDialect(raw: Record<string, unknown>): Dialect | undefined {
  return DETECTION_ORDER.find((d) => d.detect(raw));
}

export { isDialectId } from "./loaders.ts";
