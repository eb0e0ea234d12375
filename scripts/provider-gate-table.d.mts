import type { Plugin } from "esbuild";
import type { GateTable } from "../hooks/redact-secrets/provider-gate.ts";

export declare const FIELDS: readonly string[];
export declare function gateTableSource(table: GateTable, tests: Readonly<Record<string, unknown>>): string;
export declare function sourceTable(plugins?: Plugin[]): Promise<{ table: GateTable; tests: Record<string, unknown> }>;
export declare const providerGateTable: Plugin;
