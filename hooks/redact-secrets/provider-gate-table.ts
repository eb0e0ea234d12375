/**
 * Every provider's gate, indexed by keyword, and the keywords the pre-filter looks for. Here it is read off the providers themselves; the built hook
 * files replace this module with the same table as data (scripts/provider-gate-table.mjs), so that the
 * pre-filter loads the gates alone, and the providers' patterns and checks only for a text some gate opens.
 */
import { PRESET_KEYWORDS } from "./preset-gates.ts";
import { gateOf, gateTable } from "./provider-gate.ts";
import { PROVIDERS } from "./providers.ts";

export const GATE_TABLE = gateTable(PROVIDERS.map(gateOf), PRESET_KEYWORDS);
