/** OpenAI Chat Completions with streaming (Qwen Code, Copilot CLI BYOK): POST …/chat/completions → SSE chunks. */
import { sendEvents, sendJson, type Answer } from "./recorder.ts";
import { CLOSING_TEXT, hasToolResult, type NativeToolCall } from "./script.ts";

export function chatCompletionsAnswer(call: NativeToolCall): Answer {
  return (request, json, response) => {
    if (request.path.endsWith("/models")) return sendJson(response, { object: "list", data: [{ id: String(json.model ?? "fake-model"), object: "model" }] });
    if (!request.path.endsWith("/chat/completions")) return sendJson(response, {});
    const useTool = !hasToolResult(json) && Array.isArray(json.tools) && json.tools.length > 0;
    const base = { id: `chatcmpl-${Date.now()}`, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: String(json.model ?? "fake-model") };
    const usage = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    const toolCall = { index: 0, id: `call_${Date.now()}`, type: "function", function: { name: call.name, arguments: JSON.stringify(call.args ?? {}) } };
    if (!json.stream) {
      const message = useTool ? { role: "assistant", content: null, tool_calls: [toolCall] } : { role: "assistant", content: CLOSING_TEXT };
      return sendJson(response, { ...base, object: "chat.completion", choices: [{ index: 0, message, finish_reason: useTool ? "tool_calls" : "stop" }], usage });
    }
    const delta = useTool ? { role: "assistant", content: null, tool_calls: [toolCall] } : { role: "assistant", content: CLOSING_TEXT };
    sendEvents(
      response,
      [
        { data: { ...base, choices: [{ index: 0, delta, finish_reason: null }] } },
        { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: useTool ? "tool_calls" : "stop" }], usage } },
      ],
      "[DONE]",
    );
  };
}
