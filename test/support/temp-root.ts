/**
 * vitest global setup: every temp folder the tests make (projects, homes, redacted copies) goes under
 * one folder of this run, removed at the end, so test runs do not pile up in the machine's temp dir.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "guards-test-run-"));
  process.env.TMPDIR = root;
  return () => rmSync(root, { recursive: true, force: true });
}
