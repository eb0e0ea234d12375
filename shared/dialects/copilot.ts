/** PLACEHOLDER: replaced by the full dialect module. */
import { InputError, type Dialect } from "../dialect.ts";

export const copilot: Dialect = {
  id: "copilot",
  agent: "copilot",
  events: {},
  detect: () => false,
  parse: () => {
    throw new InputError("dialect copilot is not available in this build");
  },
  render: () => ({ stdout: "", stderr: "", exitCode: 2 }),
  subscriptions: {},
};
