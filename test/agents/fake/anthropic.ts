/** Anthropic Messages API with streaming (Claude Code): POST /v1/messages, `stream: true` → SSE. */
import { sendEvents, sendJson, type Answer } from "./recorder.ts";
import { CLOSING_TEXT, hasToolResult, type NativeToolCall } from "./script.ts";

export function anthropicAnswer(call: NativeToolCall): Answer {
  return (request, json, response) => {
    if (!request.path.startsWith("/v1/messages")) return sendJson(response, {});
    if (request.path.startsWith("/v1/messages/count_tokens")) return sendJson(response, { input_tokens: 10 });
    const useTool = !hasToolResult(json) && Array.isArray(json.tools) && json.tools.length > 0;
    const model = typeof json.model === "string" ? json.model : "claude-fake";
    const block = useTool
      ? { type: "tool_use", id: `toolu_${Date.now()}`, name: call.name, input: call.args ?? {} }
      : { type: "text", text: CLOSING_TEXT };
    const stopReason = useTool ? "tool_use" : "end_turn";
    const message = { id: `msg_${Date.now()}`, type: "message", role: "assistant", model, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } };
    if (!json.stream) return sendJson(response, { ...message, content: [block], stop_reason: stopReason });
    const delta =
      block.type === "tool_use"
        ? { type: "input_json_delta", partial_json: JSON.stringify(call.args ?? {}) }
        : { type: "text_delta", text: CLOSING_TEXT };
    const start = block.type === "tool_use" ? { ...block, input: {} } : { type: "text", text: "" };
    sendEvents(response, [
      { event: "message_start", data: { type: "message_start", message: { ...message, content: [], stop_reason: null } } },
      { event: "content_block_start", data: { type: "content_block_start", index: 0, content_block: start } },
      { event: "content_block_delta", data: { type: "content_block_delta", index: 0, delta } },
      { event: "content_block_stop", data: { type: "content_block_stop", index: 0 } },
      { event: "message_delta", data: { type: "message_delta", delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } } },
      { event: "message_stop", data: { type: "message_stop" } },
    ]);
  };
}
