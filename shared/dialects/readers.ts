/**
 * The dialect that answers a payload sent to an entry of `home` (reader-marks.ts picks it by the payload's
 * marks), with every reader's module loaded. The runner uses reader-loaders.ts, which loads only the one chosen.
 */
import type { Dialect } from "../dialect.ts";
import type { Json } from "../fields.ts";
import { claudeShared } from "./claude-shared.ts";
import { copilotSnake } from "./copilot-snake.ts";
import { cursorThirdParty } from "./cursor-third-party.ts";
import { copilot } from "./copilot.ts";
import { devin } from "./devin.ts";
import { readerChoice, type ReaderChoice } from "./reader-marks.ts";
import { vscode } from "./vscode.ts";

const READERS: Readonly<Record<Exclude<ReaderChoice, "home">, Dialect>> = { cursorThirdParty, vscode, devin, copilot, copilotSnake, claudeShared };

/** The agent that sent `raw` to an entry written for `home`. */
export function readerOf(home: Dialect, raw: Json, env: Readonly<Record<string, string | undefined>>): Dialect {
  const choice = readerChoice(home.id, raw, env);
  return choice === "home" ? home : READERS[choice];
}
