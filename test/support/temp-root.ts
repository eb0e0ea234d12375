/**
 * vitest global setup, for every worker and every process the tests start:
 * - every temp folder the tests make (projects, homes, redacted copies) goes under one folder of this run,
 *   removed at the end, so test runs do not pile up in the machine's temp dir;
 * - observers' state and the audit trail of every hook the tests run go there too, not to the real home;
 * - no NODE_EXTRA_CA_CERTS: a machine that sets it makes every Node start read and parse that bundle
 *   (about 0.1 s on Node 20), and the suite starts thousands of hooks that never make a TLS connection.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "guards-test-run-"));
  process.env.TMPDIR = root;
  process.env.GUARDS_STATE_DIR ??= join(root, "state");
  delete process.env.NODE_EXTRA_CA_CERTS;
  return () => rmSync(root, { recursive: true, force: true });
}
