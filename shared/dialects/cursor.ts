/** PLACEHOLDER: replaced by the full dialect module. */
import { InputError, type Dialect } from "../dialect.ts";

export const cursor: Dialect = {
  id: "cursor",
  agent: "cursor",
  events: {},
  detect: () => false,
  parse: () => {
    throw new InputError("dialect cursor is not available in this build");
  },
  render: () => ({ stdout: "", stderr: "", exitCode: 2 }),
  subscriptions: {},
};
