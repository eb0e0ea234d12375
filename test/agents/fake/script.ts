/** What a fake model says: one scripted tool call, then a closing text once a tool result came back. */

/** A tool call in the agent's own terms: its tool name and arguments (or free-form input, Codex apply_patch). */
export interface NativeToolCall {
  name: string;
  args?: Record<string, unknown>;
  /** Free-form tool input (OpenAI "custom" tools), sent instead of JSON arguments. */
  input?: string;
}

export const CLOSING_TEXT = "Scripted turn finished.";

/** True once the conversation holds the result of a tool call, in any of the four wire formats. */
export function hasToolResult(json: Record<string, unknown>): boolean {
  const text = JSON.stringify(json);
  return [
    '"type":"tool_result"', // Anthropic Messages
    '"type":"function_call_output"', // OpenAI Responses
    '"type":"custom_tool_call_output"',
    '"role":"tool"', // Chat Completions
    '"functionResponse"', // Gemini
  ].some((marker) => text.includes(marker));
}

/** hasToolResult over a recorded request body (bodies that are not JSON carry none). */
export function bodyHasToolResult(body: string): boolean {
  try {
    return hasToolResult(JSON.parse(body) as Record<string, unknown>);
  } catch {
    return false;
  }
}
