/**
 * Gemini API v1beta (Gemini CLI): `:streamGenerateContent?alt=sse` for turns, `:generateContent` for the CLI's
 * own JSON side calls (model router, next-speaker check), `:countTokens`.
 */
import { sendEvents, sendJson, type Answer } from "./recorder.ts";
import { CLOSING_TEXT, hasToolResult, type NativeToolCall } from "./script.ts";

const USAGE = { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 };
// One JSON text that satisfies each side call's schema: the router's model choice and the next-speaker check.
const SIDE_CALL_JSON = JSON.stringify({ reasoning: "scripted", model_choice: "flash", complexity_reasoning: "scripted", complexity_score: 1, next_speaker: "user" });

export function geminiAnswer(call: NativeToolCall): Answer {
  return (request, json, response) => {
    if (request.path.includes(":countTokens")) return sendJson(response, { totalTokens: 10 });
    const candidate = (parts: unknown[]) => ({ candidates: [{ content: { role: "model", parts }, finishReason: "STOP", index: 0 }], usageMetadata: USAGE });
    if (request.path.includes(":generateContent")) return sendJson(response, candidate([{ text: SIDE_CALL_JSON }]));
    if (!request.path.includes(":streamGenerateContent")) return sendJson(response, {});
    const useTool = !hasToolResult(json) && JSON.stringify(json.tools ?? []).includes(`"${call.name}"`);
    const parts = useTool ? [{ functionCall: { name: call.name, args: call.args ?? {} } }] : [{ text: CLOSING_TEXT }];
    sendEvents(response, [{ data: candidate(parts) }]);
  };
}
