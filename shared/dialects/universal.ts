/** PLACEHOLDER: replaced by the full dialect module. */
import { InputError, type Dialect } from "../dialect.ts";

export const universal: Dialect = {
  id: "universal",
  agent: "universal",
  events: {},
  detect: () => false,
  parse: () => {
    throw new InputError("dialect universal is not available in this build");
  },
  render: () => ({ stdout: "", stderr: "", exitCode: 2 }),
  subscriptions: {},
};
