/** PLACEHOLDER: replaced by the full dialect module. */
import { InputError, type Dialect } from "../dialect.ts";

export const gemini: Dialect = {
  id: "gemini",
  agent: "gemini",
  events: {},
  detect: () => false,
  parse: () => {
    throw new InputError("dialect gemini is not available in this build");
  },
  render: () => ({ stdout: "", stderr: "", exitCode: 2 }),
  subscriptions: {},
};
