/**
 * The decision table: plain destructive commands, the same in disguise, harmless near-misses and
 * configured behaviour. Events run in /home/dev/project with HOME=/home/dev (see shared/hook-case.ts).
 */
import type { HookCase } from "../../shared/hook-case.ts";
import { configured } from "./cases/configured.ts";
import { disguised } from "./cases/disguised.ts";
import { harmless } from "./cases/harmless.ts";
import { plain } from "./cases/plain.ts";

export { configured, disguised, harmless, plain };
export const cases: HookCase[] = [...plain, ...disguised, ...harmless, ...configured];
