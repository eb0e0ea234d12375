/** PLACEHOLDER: replaced by the full dialect module. */
import { InputError, type Dialect } from "../dialect.ts";

export const windsurf: Dialect = {
  id: "windsurf",
  agent: "windsurf",
  events: {},
  detect: () => false,
  parse: () => {
    throw new InputError("dialect windsurf is not available in this build");
  },
  render: () => ({ stdout: "", stderr: "", exitCode: 2 }),
  subscriptions: {},
};
