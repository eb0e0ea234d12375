/**
 * The test database: one named for tests on this machine (`dropdb -h localhost app_test`), or a framework
 * pointed at its test environment (`RAILS_ENV=test`). Dropping it is what test runs do.
 */
import type { ExecutedCommand } from "./types.ts";

/** A database named for tests (`app_test`, `ci_test`, `test`), not `latest` or `contest`. */
export const TEST_NAME = /(?:^|[^a-z])test(?:s|ing)?(?:$|[^a-z])/i;
export const DROP_TEST_DATABASE = /\bdrop\s+(?:database|schema)\s+(?:if\s+exists\s+)?[`"\[]?(?:\w*[^a-z\s;`"\]])?test(?:s|ing)?(?:[^a-z\s;`"\]]\w*)?[`"\]]?\s*(?:;|$)/gi;
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|::1|\[::1\])$/;

/** The client talks to this machine: `-h localhost`, `--host=127.0.0.1`, or no host (the local socket). */
export function isLocalHost(args: string[]): boolean {
  const at = args.findIndex((a) => a === "-h" || a === "--host" || a === "-H" || a === "-S" || a === "-ServerInstance" || a.startsWith("--host=") || /^-h[^-]/.test(a));
  if (at < 0) return !args.some((a) => /^(postgres(ql)?|mysql|mongodb(\+srv)?):\/\//.test(a) || a.startsWith("--dbname=postgres"));
  const a = args[at]!;
  const host = a.startsWith("--host=") ? a.slice(7) : /^-h[^-]/.test(a) ? a.slice(2) : args[at + 1] ?? "";
  return LOCAL_HOST.test(host);
}

/** Variables and options that point a framework at its test database (`RAILS_ENV=test`, `--env=testing`). */
const TEST_ENV_VARS = ["RAILS_ENV", "RACK_ENV", "MIX_ENV", "APP_ENV", "NODE_ENV", "FLASK_ENV", "DJANGO_ENV", "ASPNETCORE_ENVIRONMENT", "DOTNET_ENVIRONMENT"];
export function forTests(command: ExecutedCommand, args: string[]): boolean {
  const env = command.env ?? {};
  if (TEST_ENV_VARS.some((k) => /^test(ing)?$/i.test(env[k] ?? ""))) return true;
  return args.some((a, i) => /^--env(ironment)?=test(ing)?$/i.test(a) || (/^(--env|--environment)$/.test(args[i - 1] ?? "") && /^test(ing)?$/i.test(a)));
}
