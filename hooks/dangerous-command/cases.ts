/**
 * The decision table: plain destructive commands, the same in disguise, harmless near-misses and
 * configured behaviour. Events run in /home/dev/project with HOME=/home/dev (see shared/hook-case.ts).
 */
import type { HookCase } from "../../shared/hook-case.ts";
import { configured } from "./cases/configured.ts";
import { disguised as disguisedBase } from "./cases/disguised.ts";
import { evasions, nearMisses } from "./cases/effects.ts";
import { escapeEvasions, escapeNearMisses } from "./cases/escapes.ts";
import { languageEvasions, languageNearMisses } from "./cases/languages.ts";
import { semanticEvasions, semanticNearMisses } from "./cases/semantics.ts";
import { furtherEvasions, furtherNearMisses } from "./cases/further.ts";
import { harmless as harmlessBase } from "./cases/harmless.ts";
import { neighbourEvasions, neighbourNearMisses } from "./cases/neighbours.ts";
import { machineEvasions, machineNearMisses } from "./cases/machine.ts";
import { plain } from "./cases/plain.ts";
import { windowsEvasions, windowsNearMisses } from "./cases/windows.ts";
import { environmentEvasions, environmentNearMisses } from "./cases/environments.ts";
import { homeEvasions, homeNearMisses } from "./cases/home.ts";
import { powershellEvasions, powershellLoopEvasions, powershellLoopNearMisses, powershellNearMisses } from "./cases/powershell.ts";
import { valueEvasions, valueNearMisses } from "./cases/values.ts";
import { teardownEvasions, teardownNearMisses } from "./cases/teardown.ts";

export const disguised: HookCase[] = [...disguisedBase, ...evasions, ...neighbourEvasions, ...furtherEvasions, ...escapeEvasions, ...semanticEvasions, ...languageEvasions, ...machineEvasions, ...windowsEvasions, ...environmentEvasions, ...powershellEvasions, ...powershellLoopEvasions, ...homeEvasions, ...valueEvasions, ...teardownEvasions];
export const harmless: HookCase[] = [...harmlessBase, ...nearMisses, ...neighbourNearMisses, ...furtherNearMisses, ...escapeNearMisses, ...semanticNearMisses, ...languageNearMisses, ...machineNearMisses, ...windowsNearMisses, ...environmentNearMisses, ...powershellNearMisses, ...powershellLoopNearMisses, ...homeNearMisses, ...valueNearMisses, ...teardownNearMisses];
export { configured, plain };
export const cases: HookCase[] = [...plain, ...disguised, ...harmless, ...configured];
