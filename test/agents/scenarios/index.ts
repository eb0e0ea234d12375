import type { Scenario } from "../scenario.ts";
import { destructive } from "./destructive.ts";
import { cleanRead } from "./clean-read.ts";
import { brokenConfigFailsClosed } from "./fail-closed.ts";
import { formatAfterEdit } from "./format.ts";
import { gitToGh } from "./git.ts";
import { gitCommitByDefault, hookConfigEdit } from "./guard-files.ts";
import { harmless } from "./harmless.ts";
import { kubectlProd } from "./kubectl.ts";
import { secretRead } from "./secret-read.ts";
import { crashingStandIn, letThroughStandIn } from "./stand-ins.ts";
import { stopTelemetry } from "./telemetry.ts";
import { auditExport } from "./audit.ts";

export const SCENARIOS: readonly Scenario[] = [destructive, harmless, cleanRead, secretRead, kubectlProd, gitToGh, formatAfterEdit, stopTelemetry, letThroughStandIn, crashingStandIn, brokenConfigFailsClosed, hookConfigEdit, gitCommitByDefault, auditExport];
