/**
 * The dialect that answers a payload sent to an entry of `home`, as readers.ts picks it, with only that
 * reader's module loaded: a payload of the file's own agent (most of them) loads no other agent's tables.
 */
import type { Dialect } from "../dialect.ts";
import type { Json } from "../fields.ts";
import { readerChoice, type ReaderChoice } from "./reader-marks.ts";

const LOADERS: Readonly<Record<Exclude<ReaderChoice, "home">, () => Promise<Dialect>>> = {
  cursorThirdParty: () => import("./cursor-third-party.ts").then((m) => m.cursorThirdParty),
  vscode: () => import("./vscode.ts").then((m) => m.vscode),
  devin: () => import("./devin.ts").then((m) => m.devin),
  copilot: () => import("./copilot.ts").then((m) => m.copilot),
  copilotSnake: () => import("./copilot-snake.ts").then((m) => m.copilotSnake),
  claudeShared: () => import("./claude-shared.ts").then((m) => m.claudeShared),
};

export async function loadReaderOf(home: Dialect, raw: Json, env: Readonly<Record<string, string | undefined>>): Promise<Dialect> {
  const choice = readerChoice(home.id, raw, env);
  return choice === "home" ? home : LOADERS[choice]();
}
