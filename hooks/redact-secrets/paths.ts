/** Which files are secret by nature, which are never checked, which are always refused: decided by path alone. */
import { relative, isAbsolute } from "node:path";
import { compileSimpleGlobs } from "./globs.ts";

export type PathClass =
  /** Configured `allowPaths`: not checked. */
  | "allowed"
  /** Configured `denyPaths`: refused without reading. */
  | "denied"
  /** A key store or other binary credential file: cannot be redacted, refused. */
  | "binary-secret"
  /** Credentials by nature: always scanned in full, never skipped by the pre-filter. */
  | "secret"
  | "ordinary";

// Patterns without a slash match the base name (picomatch `basename`); the others match the path under the project or home.
export const SECRET_FILES = [
  ".env", ".env.*", "*.env", ".envrc", ".dev.vars", ".dev.vars.*",
  "*.pem", "*.key", "*.ppk", "id_rsa", "id_dsa", "id_ecdsa", "id_ed25519", "id_rsa_*", "id_ecdsa_*", "id_ed25519_*", "id_ecdsa_sk*", "id_ed25519_sk*",
  // Everything in ~/.ssh but its public files (PUBLIC_FILES): keys are often named after their host.
  "**/.ssh/*",
  ".npmrc", ".yarnrc.yml", ".netrc", "_netrc", ".pgpass", "pgpass.conf", ".git-credentials", ".pypirc", ".dockercfg",
  "**/.docker/config.json", "**/.kube/config", "kubeconfig", "*.kubeconfig", "kubeconfig.yaml", "kubeconfig.yml",
  "**/.aws/credentials", "**/.aws/config", "application_default_credentials.json", "**/.config/gcloud/*.json",
  "**/.azure/*.json", "credentials.json", "service-account*.json", "*-sa-key.json",
  "*.tfvars", "*.tfstate", "*.tfstate.backup", ".htpasswd", "secrets.yaml", "secrets.yml", "wg*.conf",
  "**/.gem/credentials", ".vault-token", "**/.config/gh/hosts.yml", "**/.terraform.d/credentials.tfrc.json", "**/.config/hub",
  "**/.config/gcloud/legacy_credentials/*/*.json", "**/.cargo/credentials", "**/.cargo/credentials.toml", "**/.m2/settings.xml", "**/.m2/settings-security.xml", "**/.gradle/gradle.properties",
  // Tools that keep one token or password in a file of their own, or in a small config.
  "**/.kaggle/kaggle.json", "**/huggingface/token", "**/.huggingface/token", "vault_pass", "vault_pass.txt", ".vault_pass", ".vault_pass.txt",
  "vault-password", "vault-password.txt", ".vault-password", ".vault_password", ".my.cnf", ".databrickscfg", ".sentryclirc",
  "**/ngrok/ngrok.yml", "**/.ngrok2/ngrok.yml", "**/.mc/config.json", "**/doctl/config.yaml", "**/.fly/config.yml", "**/com.vercel.cli/auth.json",
  // s3fs's key pair, NATS credentials, 1Password Connect's, Jenkins' first password, Azure's publish profiles, Zulip's.
  "passwd-s3fs", ".passwd-s3fs", "*.creds", "1password-credentials.json", "initialAdminPassword", "*.publishsettings", "*.PublishSettings", "zulip-secrets.conf",
];
// Public halves and files of ~/.ssh that hold no secret.
export const PUBLIC_FILES = ["*.pub", "known_hosts", "known_hosts.old", "known_hosts2", "authorized_keys", "authorized_keys2", "**/.ssh/config"];
// Templates that exist to be committed and read.
export const TEMPLATE_FILES = [".env.example", ".env.sample", ".env.template", ".env.dist", ".env.defaults", "*.env.example", "*.example", "*.sample", "*.template"];
export const BINARY_SECRET_FILES = ["*.p12", "*.pfx", "*.jks", "*.jceks", "*.keystore", "*.bks", "*.kdbx", "*.gpg", "*.pkcs12", "**/.config/gcloud/*.db", "**/private-keys-v1.d/*"];

export interface PathRules {
  allowPaths: readonly string[];
  denyPaths: readonly string[];
  secretPaths: readonly string[];
}

export type PathClassifier = (filePath: string, projectRoot: string, home: string | undefined) => PathClass;

const TEMPLATES = compileSimpleGlobs(TEMPLATE_FILES);
const PUBLIC = compileSimpleGlobs(PUBLIC_FILES);
const BINARY_SECRETS = compileSimpleGlobs(BINARY_SECRET_FILES);
const SECRETS = compileSimpleGlobs(SECRET_FILES);

export async function pathClassifier(rules: PathRules): Promise<PathClassifier> {
  return classifier(await compileUserGlobs(rules.allowPaths), await compileUserGlobs(rules.denyPaths), await compileUserGlobs(rules.secretPaths));
}

const none = () => false;

/** The classifier with no configured globs: how an install without a redact-secrets section sees paths. */
export const defaultPathClassifier: PathClassifier = classifier(none, none, none);

function classifier(allowed: (path: string) => boolean, denied: (path: string) => boolean, secret: (path: string) => boolean): PathClassifier {
  return (filePath, projectRoot, home) => {
    const forms = pathForms(filePath, projectRoot, home);
    const any = (test: (p: string) => boolean) => forms.some(test);
    if (any(denied)) return "denied";
    if (any(allowed)) return "allowed";
    if (any(BINARY_SECRETS)) return "binary-secret";
    // Public halves and templates are not secrets: `id_rsa.pub`, `.env.example`.
    if (any(PUBLIC) || any(TEMPLATES)) return "ordinary";
    return any((p) => SECRETS(p) || secret(p)) ? "secret" : "ordinary";
  };
}

/** The config's globs, with picomatch: loaded only when there are some. */
async function compileUserGlobs(globs: readonly string[]): Promise<(path: string) => boolean> {
  if (globs.length === 0) return none;
  const { default: picomatch } = await import("picomatch");
  // picomatch's `basename` option breaks patterns with a slash, so the two sorts are compiled apart.
  const names = globs.filter((g) => !g.includes("/"));
  const paths = globs.filter((g) => g.includes("/"));
  const byName = names.length ? picomatch(names, { dot: true, basename: true }) : () => false;
  const byPath = paths.length ? picomatch(paths, { dot: true }) : () => false;
  return (path) => byName(path) || byPath(path);
}

/** The path as written, and relative to the project and home when inside them, so `.aws/credentials` globs match. */
function pathForms(filePath: string, projectRoot: string, home: string | undefined): string[] {
  const forms = [filePath];
  for (const root of [projectRoot, home]) {
    const inside = root ? pathInside(root, filePath) : undefined;
    if (inside) forms.push(inside);
  }
  return forms;
}

/**
 * `path` relative to `root` when it lies inside it, else undefined (outside, or `root` itself). String work
 * for the usual case of two normal absolute paths, inside or not: on a cold start, path.relative costs
 * about 0.5 ms, more than the rest of a clean read's path checks.
 */
export function pathInside(root: string, path: string): string | undefined {
  if (isNormalAbsolute(root) && isNormalAbsolute(path)) {
    const base = root === "/" ? "/" : `${root}/`;
    return path.startsWith(base) && path !== base ? path.slice(base.length) : undefined;
  }
  const rel = relative(root, path);
  return rel && rel !== ".." && !rel.startsWith("../") && !isAbsolute(rel) ? rel : undefined;
}

/** `/a/b`: absolute, no empty, `.` or `..` segment, no trailing slash (Windows paths are never). */
function isNormalAbsolute(path: string): boolean {
  if (!path.startsWith("/")) return false;
  if (path === "/") return true;
  if (path.endsWith("/") || path.includes("//")) return false;
  return !path.includes("/./") && !path.includes("/../") && !path.endsWith("/.") && !path.endsWith("/..");
}
