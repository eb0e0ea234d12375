/** OpenAI Responses API with streaming (Codex CLI): POST /v1/responses → SSE of response.* events. */
import { sendEvents, sendJson, type Answer } from "./recorder.ts";
import { CLOSING_TEXT, hasToolResult, type NativeToolCall } from "./script.ts";

export function responsesAnswer(call: NativeToolCall): Answer {
  return (request, json, response) => {
    if (request.path.endsWith("/models")) return sendJson(response, { models: [] });
    if (!request.path.endsWith("/responses")) return sendJson(response, {});
    const id = `resp_${Date.now()}`;
    const callId = `call_${Date.now()}`;
    const item = hasToolResult(json)
      ? { type: "message", role: "assistant", id: `msg_${Date.now()}`, content: [{ type: "output_text", text: CLOSING_TEXT, annotations: [] }] }
      : call.input !== undefined
        ? { type: "custom_tool_call", id: `ctc_${Date.now()}`, call_id: callId, name: call.name, input: call.input, status: "completed" }
        : { type: "function_call", id: `fc_${Date.now()}`, call_id: callId, name: call.name, arguments: JSON.stringify(call.args ?? {}), status: "completed" };
    const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
    sendEvents(response, [
      { event: "response.created", data: { type: "response.created", response: { id, status: "in_progress" } } },
      { event: "response.output_item.added", data: { type: "response.output_item.added", output_index: 0, item } },
      { event: "response.output_item.done", data: { type: "response.output_item.done", output_index: 0, item } },
      { event: "response.completed", data: { type: "response.completed", response: { id, status: "completed", output: [item], usage } } },
    ]);
  };
}
