/** The fake model servers speak each API's turn the way the agents read it: a tool call first, text after the tool result. */
import { afterEach, describe, expect, it } from "vitest";
import { anthropicAnswer } from "./anthropic.ts";
import { chatCompletionsAnswer } from "./chat-completions.ts";
import { geminiAnswer } from "./gemini.ts";
import { startRecordingServer, type Answer, type RecordingServer } from "./recorder.ts";
import { responsesAnswer } from "./responses.ts";
import { CLOSING_TEXT, type NativeToolCall } from "./script.ts";

const CALL: NativeToolCall = { name: "run_it", args: { command: "touch /tmp/x" } };

interface ApiCase {
  api: string;
  answer: (call: NativeToolCall) => Answer;
  path: string;
  firstTurn: Record<string, unknown>;
  afterTool: Record<string, unknown>;
  /** The tool call's name and JSON arguments as found in the stream, and the text. */
  toolCallIn: (events: unknown[]) => { name?: string; args?: string };
  textIn: (events: unknown[]) => string;
}

const tools = [{ name: "run_it" }];
const CASES: ApiCase[] = [
  {
    api: "Anthropic Messages",
    answer: anthropicAnswer,
    path: "/v1/messages?beta=true",
    firstTurn: { model: "m", stream: true, tools, messages: [{ role: "user", content: "go" }] },
    afterTool: { model: "m", stream: true, tools, messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "ok" }] }] },
    toolCallIn: (events) => ({
      name: find(events, (e) => e.type === "content_block_start")?.content_block?.name,
      args: find(events, (e) => e.delta?.type === "input_json_delta")?.delta?.partial_json,
    }),
    textIn: (events) => find(events, (e) => e.delta?.type === "text_delta")?.delta?.text ?? "",
  },
  {
    api: "OpenAI Responses",
    answer: responsesAnswer,
    path: "/v1/responses",
    firstTurn: { model: "m", stream: true, tools, input: [{ type: "message", role: "user", content: "go" }] },
    afterTool: { model: "m", stream: true, tools, input: [{ type: "function_call_output", call_id: "c", output: "ok" }] },
    toolCallIn: (events) => {
      const item = find(events, (e) => e.type === "response.output_item.done")?.item;
      return { name: item?.name, args: item?.arguments };
    },
    textIn: (events) => find(events, (e) => e.type === "response.output_item.done")?.item?.content?.[0]?.text ?? "",
  },
  {
    api: "Chat Completions",
    answer: chatCompletionsAnswer,
    path: "/v1/chat/completions",
    firstTurn: { model: "m", stream: true, tools, messages: [{ role: "user", content: "go" }] },
    afterTool: { model: "m", stream: true, tools, messages: [{ role: "tool", tool_call_id: "c", content: "ok" }] },
    toolCallIn: (events) => {
      const call = find(events, (e) => Boolean(e.choices?.[0]?.delta?.tool_calls))?.choices[0].delta.tool_calls[0];
      return { name: call?.function?.name, args: call?.function?.arguments };
    },
    textIn: (events) => find(events, (e) => typeof e.choices?.[0]?.delta?.content === "string")?.choices[0].delta.content ?? "",
  },
  {
    api: "Gemini v1beta",
    answer: geminiAnswer,
    path: "/v1beta/models/g:streamGenerateContent?alt=sse",
    firstTurn: { contents: [{ role: "user", parts: [{ text: "go" }] }], tools: [{ functionDeclarations: tools }] },
    afterTool: { contents: [{ role: "user", parts: [{ functionResponse: { name: "run_it", response: {} } }] }], tools: [{ functionDeclarations: tools }] },
    toolCallIn: (events) => {
      const call = find(events, () => true)?.candidates?.[0]?.content?.parts?.[0]?.functionCall;
      return { name: call?.name, args: call ? JSON.stringify(call.args) : undefined };
    },
    textIn: (events) => find(events, () => true)?.candidates?.[0]?.content?.parts?.[0]?.text ?? "",
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function find(events: unknown[], test: (event: any) => boolean): any {
  return events.find((event) => typeof event === "object" && event !== null && test(event));
}

async function post(server: RecordingServer, path: string, body: unknown): Promise<unknown[]> {
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  expect(response.headers.get("content-type")).toBe("text/event-stream");
  const text = await response.text();
  return text
    .split("\n")
    .filter((line) => line.startsWith("data: ") && line !== "data: [DONE]")
    .map((line) => JSON.parse(line.slice(6)) as unknown);
}

let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe.for(CASES)("$api fake", (c) => {
  it("streams the scripted tool call on the first turn", async () => {
    server = await startRecordingServer(c.answer(CALL));
    const events = await post(server, c.path, c.firstTurn);
    expect(c.toolCallIn(events)).toEqual({ name: CALL.name, args: JSON.stringify(CALL.args) });
  });

  it("streams the closing text once the tool result is in the conversation", async () => {
    server = await startRecordingServer(c.answer(CALL));
    const events = await post(server, c.path, c.afterTool);
    expect(c.toolCallIn(events).name).toBeUndefined();
    expect(c.textIn(events)).toBe(CLOSING_TEXT);
  });

  it("records every request body as sent", async () => {
    server = await startRecordingServer(c.answer(CALL));
    await post(server, c.path, c.firstTurn);
    await post(server, c.path, c.afterTool);
    expect(server.requests.map((r) => JSON.parse(r.body))).toEqual([c.firstTurn, c.afterTool]);
  });
});
