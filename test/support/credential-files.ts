/**
 * Credential files as the tools write them, at their usual places under a home folder, with fresh random
 * values: each with the values that must never be shown. Binary key stores are made by openssl.
 */
import { execFileSync } from "node:child_process";
import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface CredentialFile {
  /** Path under the home folder. */
  path: string;
  secrets: string[];
  /** Refused unread (a binary key store), rather than redacted. */
  refused?: boolean;
}

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
const b64 = (bytes: number) => randomBytes(bytes).toString("base64");
const base32 = (length: number) => [...randomBytes(length)].map((b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"[b % 32]).join("");
const alnum = (length: number) => randomBytes(length * 2).toString("base64").replace(/[^A-Za-z0-9]/g, "").slice(0, length);

export function writeCredentialFiles(home: string): CredentialFile[] {
  const files: CredentialFile[] = [];
  const put = (path: string, text: string | Buffer, secrets: string[], refused = false) => {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), text, { mode: 0o600 });
    files.push({ path, secrets, ...(refused ? { refused } : {}) });
  };
  const uuid = randomUUID();
  put(".netrc", `machine api.heroku.com\n  login dev@example.org\n  password ${uuid}\nmachine git.heroku.com login dev@example.org password ${uuid}\n`, [uuid]);
  const pg = alnum(20);
  put(".pgpass", `# host:port:db:user:password\ndb.internal:5432:*:app:${pg}\n`, [pg]);
  const awsId = `AKIA${alnum(16).toUpperCase()}`;
  const awsSecret = b64(30).slice(0, 40);
  put(".aws/credentials", `[default]\naws_access_key_id = ${awsId}\naws_secret_access_key = ${awsSecret}\n\n[prod]\naws_access_key_id=${awsId}\naws_secret_access_key=${awsSecret}\n`, [awsId, awsSecret]);
  const dockerAuth = Buffer.from(`ci-bot:${alnum(24)}`).toString("base64");
  put(".docker/config.json", JSON.stringify({ auths: { "ghcr.io": { auth: dockerAuth }, "https://index.docker.io/v1/": { auth: dockerAuth } }, credsStore: "" }, null, "\t"), [dockerAuth]);
  const clientKey = Buffer.from(generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "sec1", format: "pem" })).toString("base64");
  const saToken = `eyJhbGciOiJSUzI1NiIsImtpZCI6IiJ9.${Buffer.from(JSON.stringify({ sub: "system:serviceaccount:ci:deployer" })).toString("base64url")}.${randomBytes(64).toString("base64url")}`;
  put(".kube/config", `apiVersion: v1\nkind: Config\nclusters:\n- cluster:\n    server: https://10.0.0.1:6443\n  name: prod\nusers:\n- name: admin\n  user:\n    client-certificate-data: ${b64(60)}\n    client-key-data: ${clientKey}\n- name: deployer\n  user:\n    token: ${saToken}\ncontexts:\n- context: {cluster: prod, user: admin}\n  name: prod\ncurrent-context: prod\n`, [clientKey.slice(20, 80), saToken]);
  const refresh = `1//0${randomBytes(60).toString("base64url")}`;
  const clientSecret = `GOCSPX-${randomBytes(21).toString("base64url")}`;
  put(".config/gcloud/application_default_credentials.json", JSON.stringify({ account: "", client_id: "32555940559.apps.googleusercontent.com", client_secret: clientSecret, refresh_token: refresh, type: "authorized_user" }, null, 2), [refresh, clientSecret]);
  const saKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }) as string;
  put("keys/acme-prod-3f2a1b0c9d8e.json", JSON.stringify({ type: "service_account", project_id: "acme-prod", private_key_id: hex(20), private_key: saKey, client_email: "ci@acme-prod.iam.gserviceaccount.com", client_id: "1".padEnd(21, "0") }, null, 2), saKey.split("\n").slice(2, 6));
  const npm = `npm_${alnum(36)}`;
  put(".npmrc", `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${npm}\n@acme:registry=https://npm.pkg.github.com\n`, [npm]);
  const pypi = `pypi-AgEIcHlwaS5vcmc${randomBytes(70).toString("base64url")}`;
  const testpypi = alnum(24);
  put(".pypirc", `[distutils]\nindex-servers =\n    pypi\n    internal\n\n[pypi]\nusername = __token__\npassword = ${pypi}\n\n[internal]\nrepository = https://pypi.internal/\nusername = ci\npassword = ${testpypi}\n`, [pypi, testpypi]);
  const gem = `rubygems_${hex(24)}`;
  put(".gem/credentials", `---\n:rubygems_api_key: ${gem}\n`, [gem]);
  const gho = `gho_${alnum(36)}`;
  put(".config/gh/hosts.yml", `github.com:\n    users:\n        dev:\n            oauth_token: ${gho}\n    git_protocol: ssh\n    user: dev\n`, [gho]);
  const vault = `hvs.${randomBytes(70).toString("base64url")}`;
  put(".vault-token", vault, [vault]);
  const gitCredential = alnum(40);
  put(".git-credentials", `https://dev:${gitCredential}@github.com\n`, [gitCredential]);
  // Round 9: formats whose secret has no name beside it, or only a tool's own.
  const s3Secret = b64(30).slice(0, 40).replace(/[^A-Za-z0-9/+]/g, "Q");
  put(".passwd-s3fs", `${awsId}:${s3Secret}\n`, [s3Secret]);
  const seed = `SUA${base32(55)}`;
  put(".local/share/nats/nsc/keys/creds/acme/orders/orders.creds", `-----BEGIN NATS USER JWT-----\neyJ0eXAiOiJKV1QiLCJhbGciOiJlZDI1NTE5LW5rZXkifQ.${randomBytes(120).toString("base64url")}.${randomBytes(64).toString("base64url")}\n------END NATS USER JWT------\n\n-----BEGIN USER NKEY SEED-----\n${seed}\n------END USER NKEY SEED------\n`, [seed]);
  const unlock = hex(16);
  put(".jenkins/secrets/initialAdminPassword", `${unlock}\n`, [unlock]);
  const ircPassword = alnum(18);
  put(".config/hexchat/servlist.conf", `v=2.16.2\n\nN=Libera.Chat\nI=dev\nP=${ircPassword}\nS=irc.libera.chat\n`, [ircPassword]);
  // A PKCS#12 bundle as openssl exports it: binary, so it cannot be redacted.
  const dir = join(home, "keys");
  execFileSync("openssl", ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=client", "-days", "1", "-keyout", join(dir, "client.key.tmp"), "-out", join(dir, "client.crt.tmp")], { stdio: "ignore" });
  execFileSync("openssl", ["pkcs12", "-export", "-inkey", join(dir, "client.key.tmp"), "-in", join(dir, "client.crt.tmp"), "-passout", "pass:", "-out", join(dir, "client.p12")], { stdio: "ignore" });
  files.push({ path: "keys/client.p12", secrets: [], refused: true });
  execFileSync("cp", [join(dir, "client.p12"), join(dir, "client.pfx")]);
  files.push({ path: "keys/client.pfx", secrets: [], refused: true });
  return files;
}
