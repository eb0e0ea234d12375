import type { AgentUnderTest } from "../agent.ts";
import { claudeCode } from "./claude.ts";
import { codexCli } from "./codex.ts";
import { copilotCli, copilotOnClaudeFile } from "./copilot.ts";
import { geminiCli } from "./gemini.ts";
import { qwenCode } from "./qwen.ts";

export const AGENTS: readonly AgentUnderTest[] = [claudeCode, codexCli, geminiCli, qwenCode, copilotCli, copilotOnClaudeFile];
