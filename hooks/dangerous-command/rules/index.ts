/** Every rule, in the order they are asked; the first finding per command counts. */
import type { ExecutedCommand } from "../../../shared/shell.ts";
import type { Finding } from "../finding.ts";
import type { Scope } from "../scope.ts";
import { actionRule } from "./actions.ts";
import { opaqueCodeRule, unknownProgramRule } from "./code.ts";
import { customRule } from "./custom.ts";
import { diskRule } from "./disk.ts";
import { fileRule } from "./files.ts";
import { gitRule } from "./git.ts";
import { infraRule } from "./infra.ts";
import { systemRule } from "./system.ts";

type Rule = (command: ExecutedCommand, scope: Scope) => Finding | undefined;

export const RULES: Rule[] = [
  diskRule,
  fileRule,
  systemRule,
  gitRule,
  actionRule,
  infraRule,
  opaqueCodeRule,
  unknownProgramRule,
  customRule,
];
