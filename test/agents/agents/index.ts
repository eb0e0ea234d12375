import type { AgentUnderTest } from "../agent.ts";
import { claudeCode } from "./claude.ts";
import { clineCli } from "./cline.ts";
import { codexCli } from "./codex.ts";
import { copilotCli, copilotOnClaudeFile } from "./copilot.ts";
import { factoryDroid } from "./factory.ts";
import { geminiCli } from "./gemini.ts";
import { openCode } from "./opencode.ts";
import { qwenCode } from "./qwen.ts";

export const AGENTS: readonly AgentUnderTest[] = [claudeCode, codexCli, geminiCli, qwenCode, copilotCli, copilotOnClaudeFile, factoryDroid, clineCli, openCode];
