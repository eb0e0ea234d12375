import type { FileReadBefore, PromptSubmit } from "../../shared/event.ts";
import { shellEvent, type HookCase } from "../../shared/hook-case.ts";

// The case tables' shared event fields (dialect, cwd, project root), taken from a shell event.
const { kind: _kind, command: _command, ...BASE } = shellEvent("");

// Fake credentials in the providers' formats.
const AWS_ID = "AKIA4HZQ7RMV2KXBN5TW";
const JWT = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJzdmMtYmlsbGluZyIsInJvbGUiOiJhZG1pbiJ9.hK3v9QmTz4KpW7vRc2NbY6sLdX8wE1fJ0gU5oA2iM7c";
// A throwaway key as `ssh-keygen -t ed25519` writes it: its header holds `AAAAAAAA`, which is not a placeholder.
const OPENSSH = "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nQyNTUxOQAAACBPSzumV00xv5474GnD1FK/lu4MMzvkX0o2E2wv5zacEwAAAIg7MVOAOzFT\ngAAAAAtzc2gtZWQyNTUxOQAAACBPSzumV00xv5474GnD1FK/lu4MMzvkX0o2E2wv5zacEw\nAAAECbMtgksifWiHeu+Ddmvo0F9brhWrgYd0Oj2t0eNrWcrU9LO6ZXTTG/njvgacPUUr+W\n7gwzO+RfSjYTbC/nNpwTAAAAAAECAwQF\n-----END OPENSSH PRIVATE KEY-----\n";
const PEM = `-----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5owCeBM2q9HNfoAoGCCqGSM49\nAwEHoUQDQgAEwS7kLq3VnT8mZp2YxR4cJ6hW9sF1aD0gE5uB7iK3oN8qL2vM4tX6\n-----END EC PRIVATE KEY-----\n`;

// Supabase keys: the anon key's claims say it is made for the browser; the service-role key's do not.
const supabaseKey = (role: string) => `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ iss: "supabase", ref: "qvzkxtrmwpbnlhjdcgfa", role, iat: 1760000000, exp: 2075576000 })).toString("base64url")}.Kq7vTz2Lw9xRb4MaQh3kP0x9ZrT2mVb7Lw4sYd8NfA1`;
const SUPABASE_ANON = supabaseKey("anon");
const SUPABASE_SERVICE = supabaseKey("service_role");

const prompt = (text: string): PromptSubmit => ({ ...BASE, kind: "prompt.submit", prompt: text });
/** A read with the content in the payload, as Cursor sends it: nothing is read from disk. */
const read = (file: string, content: string | undefined, tab = false): FileReadBefore => ({
  ...BASE,
  kind: "file.read.before",
  filePath: `/home/dev/project/${file}`,
  filePaths: [`/home/dev/project/${file}`],
  content,
  tab,
});

export const cases: HookCase[] = [
  // Prompts.
  { name: "prompt with an AWS key id", event: prompt(`use ${AWS_ID} for the upload`), expect: { action: "deny", rule: "secret-in-prompt", says: ["aws-access-key on line 1 (AKIA…N5TW)"] } },
  { name: "prompt with a JWT", event: prompt(`curl -H "Authorization: Bearer ${JWT}"`), expect: { action: "deny", rule: "secret-in-prompt", says: ["jwt on line 1"] } },
  { name: "prompt with AWS's documented example key", event: prompt("why is AKIAIOSFODNN7EXAMPLE rejected?"), expect: { action: "pass" } },
  { name: "prompt with a placeholder token", event: prompt("set GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx first"), expect: { action: "pass" } },
  { name: "prompt about passwords in general", event: prompt("Add a password field and a token refresh to the login form"), expect: { action: "pass" } },
  // Reads without a rewrite: deny with the masked report.
  { name: "private key in content", event: read("certs/server.pem", PEM), expect: { action: "deny", rule: "secret-in-file", says: ["private-key on line 1"] } },
  { name: "JWT in a request file", event: read("api/requests.http", `GET /v1\nAuthorization: Bearer ${JWT}\n`), expect: { action: "deny", says: ["jwt on line 2"] } },
  { name: "Tab read of a file with a key", event: read("src/aws.ts", `const id = "${AWS_ID}";\n`, true), expect: { action: "deny", says: ["completion engine", "AKIA…N5TW"] } },
  { name: "password assignment in .env", event: read(".env", "DB_PASSWORD=Tr0ub4dor-3xq!9z\n"), expect: { action: "deny", says: ["generic-secret on line 1"] } },
  // Files whose shape names no secret.
  { name: "OpenVPN auth-user-pass file", event: read("vpn/login.txt", "jane.doe\nHk3%Lm9_Qp2=xZ\n"), expect: { action: "deny", says: ["generic-secret on line 2"] } },
  { name: "VPN provider's .auth file, CRLF", event: read("vpn/provider.auth", "p8412039\r\nwQ7-zTk2Lx9vRb\r\n"), expect: { action: "deny", says: ["generic-secret on line 2"] } },
  { name: "two lines: a name and a version", event: read("RELEASE", "shop\nv2.14.3-rc.1\n"), expect: { action: "pass" } },
  { name: "two lines: a name and a host name", event: read("etc/host.txt", "web01\nweb01.acme-internal.net\n"), expect: { action: "pass" } },
  { name: "two lines of a login left at the default", event: read("vpn/login.txt", "admin\nchangeme\n"), expect: { action: "pass" } },
  { name: "two lines in Markdown", event: read("notes/todo.md", "Release\nShip-v2.1-today!\n"), expect: { action: "pass" } },
  { name: "mongo shell db.auth with a password", event: read("db/init.js", 'db.getSiblingDB("admin").auth("root", "Hk3%Lm9_Qp2=xZ8");\n'), expect: { action: "deny", says: ["generic-secret on line 1"] } },
  { name: "mongo shell db.auth, single quotes", event: read(".mongorc.js", "db.auth('app','Kq7vTz2Lw9xRb4')\n"), expect: { action: "deny", says: ["generic-secret on line 1"] } },
  { name: "mongo shell db.auth asking for the password", event: read("db/init.js", 'db.auth("root", passwordPrompt());\n'), expect: { action: "pass" } },
  { name: "Dovecot {PLAIN} password", event: read("etc/dovecot/users", "jane:{PLAIN}Hk3%Lm9_Qp2xZ:5000:5000::/home/jane\n"), expect: { action: "deny", says: ["generic-secret on line 1"] } },
  { name: "Dovecot hashed passwords", event: read("etc/dovecot/users", "jane:{SHA512-CRYPT}$6$rounds=5000$Qh3kP0x9$Lw4sYd8NfA1cE6gJuKqo5iR:5000:5000::/home/jane\nbob:{PLAIN-MD5}5f4dcc3b5aa765d61d8327deb882cf99:5001:5001::\n"), expect: { action: "pass" } },
  { name: "Zigbee2MQTT network key", event: read("zigbee2mqtt/secret.yaml", "network_key: [12, 201, 33, 7, 94, 150, 3, 222, 61, 18, 240, 99, 175, 4, 88, 131]\n"), expect: { action: "deny", says: ["generic-secret on line 1"] } },
  { name: "Zigbee2MQTT documented default key and GENERATE", event: read("zigbee2mqtt/configuration.yaml", "advanced:\n  network_key: [1, 3, 5, 7, 9, 11, 13, 15, 0, 2, 4, 6, 8, 10, 12, 13]\n  pan_id: GENERATE\n  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]\n"), expect: { action: "pass" } },
  { name: "Zigbee2MQTT secrets kept in secret.yaml", event: read("zigbee2mqtt/configuration.yaml", "mqtt:\n  password: '!secret.yaml mqtt_password'\nadvanced:\n  network_key: '!secret.yaml network_key'\n"), expect: { action: "pass" } },
  { name: "curl config file with a login", event: read("home/.curlrc", '--silent\nuser = "deploy:Hk3%Lm9_Qp2=xZ8"\n'), expect: { action: "deny", says: ["generic-secret on line 2"] } },
  { name: "curl config file without one", event: read("home/.curlrc", '--silent\nuser-agent = "acme-tools/1.4"\nuser = "deploy"\n'), expect: { action: "pass" } },
  { name: "NetworkManager WireGuard keyfile", event: read("wg.nmconnection", "[wireguard]\nprivate-key=yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=\n[wireguard-peer.xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=]\npreshared-key=FpCyhws9cxwWoV4xELtfJvjJN+zQVRPISllRWgeopVE=\n"), expect: { action: "deny", says: ["wireguard-private-key on line 2", "wireguard-private-key on line 4"] } },
  { name: "NetworkManager WireGuard keyfile with the keys in the keyring", event: read("wg.nmconnection", "[wireguard]\nprivate-key-flags=1\n[wireguard-peer.xTIBA5rboUvnH4htodjb6e697QjLERt1NAB4mZqp8Dg=]\npreshared-key-flags=1\n"), expect: { action: "pass" } },
  { name: "Supabase CLI access token", event: read("home/.supabase/access-token", "sbp_9ec1efac8bff84692532db00f3c0a17e54d2b6c1\n"), expect: { action: "deny", says: ["supabase-token on line 1"] } },
  { name: "Supabase anon key and env() references", event: read("supabase/.env.local", `NEXT_PUBLIC_SUPABASE_ANON_KEY=${SUPABASE_ANON}\n`), expect: { action: "pass" } },
  { name: "Supabase service-role key", event: read("supabase/.env.local", `SUPABASE_SERVICE_ROLE_KEY=${SUPABASE_SERVICE}\n`), expect: { action: "deny", says: ["jwt on line 1"] } },
  { name: "Supabase config's env() reference", event: read("supabase/config.toml", '[auth.external.github]\nsecret = "env(SUPABASE_AUTH_GITHUB_SECRET)"\n'), expect: { action: "pass" } },
  { name: "PHP array password with a dot, and Drupal's hash_salt", event: read("sites/default/settings.php", "<?php\n$databases['default']['default'] = ['password' => 'TwaFczBQVBHxXiH.Mj'];\n$settings['hash_salt'] = 'Qh3kP0x9ZrT2mVb7Lw4sYd8NfA1cE6gJ-uKq_o5iR';\n"), expect: { action: "deny", says: ["generic-secret on line 2", "generic-secret on line 3"] } },
  { name: "a key path is no password", event: read("config/app.php", "<?php\nreturn ['password' => 'auth.passwords.users', 'token' => 'Settings.apiToken'];\n"), expect: { action: "pass" } },
  { name: "translation bundle's words for the fields", event: read("web/src/locales/de.json", '{ "auth": { "token": "Zugriffstoken", "password": "Passwort" } }\n'), expect: { action: "pass" } },
  { name: "MinIO's public playground keys", event: read("home/.mc/config.json", '{"aliases": {"play": {"url": "https://play.min.io", "accessKey": "Q3AM3UQ867SPQQA43P2F", "secretKey": "zuf+tfteSlswRu7BJ86wekitnifILbZam1KYY3TG"}}}\n'), expect: { action: "pass" } },
  { name: "OVH consumer key", event: read("ovh.conf", "[ovh-eu]\napplication_key=Kq7vTz2Lw9xRb4Ma\nconsumer_key=Qh3kP0x9ZrT2mVb7Lw4sYd8NfA1cE6gJ\n"), expect: { action: "deny", says: ["generic-secret on line 3"] } },
  { name: ".env with nothing secret", event: read(".env", "PORT=3000\nNODE_ENV=production\n"), expect: { action: "pass" } },
  { name: ".env.example with placeholders", event: read(".env.example", "API_KEY=your-api-key-here\nDB_PASSWORD=changeme\n"), expect: { action: "pass" } },
  { name: "lock-file integrity strings", event: read("package-lock.json", '{"integrity": "sha512-Q3Jx1lY8d0b2Yd9vM4mXhKpR7tW1yB5mX9cE2fH6jL0pS4uA7dG3iK8oZq8vN3kR7tW1yB5mX9cE2fH6jL0pS4w=="}\n'), expect: { action: "pass" } },
  { name: "code reading a token from the environment", event: read("src/auth.ts", "const token = process.env.API_TOKEN;\nconst password = req.body.password;\n"), expect: { action: "pass" } },
  { name: "a secretlint-disable comment does not hide a key", event: read("src/aws.ts", `// secretlint-disable\nconst id = "${AWS_ID}";\n`), expect: { action: "deny", says: ["aws-access-key on line 2"] } },
  { name: "a secretlint-disable comment does not hide a preset finding", event: read("src/gh.ts", `// secretlint-disable\nconst t = "ghp_R8kT2mVx9QwZ4nB7cJ5hL1pF6sD3gY0aE8uK";\n`), expect: { action: "deny", says: ["github-token on line 2"] } },
  { name: "OpenSSH key as ssh-keygen writes it", event: read("deploy/ci_key", OPENSSH), expect: { action: "deny", says: ["private-key on line 1"] } },
  { name: "a random value that happens to contain a placeholder word", event: read(".env", "API_KEY=kQ7todofzxGHRE6GZI99X64\n"), expect: { action: "deny", says: ["generic-secret on line 1"] } },
  { name: "a shortened sample key in docs", event: read("docs/ssh.md", "```\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n...\n-----END OPENSSH PRIVATE KEY-----\n```\n"), expect: { action: "pass" } },
  { name: "Helm values that name a Secret", event: read("chart/values.yaml", "auth:\n  password: \"\"\n  existingSecret: app-postgresql\n  secretKeys:\n    userPasswordKey: password\ntls:\n  secretName: app-tls-certificate\n"), expect: { action: "pass" } },
  { name: "SealedSecret encryptedData", event: read("k8s/sealed.yaml", "kind: SealedSecret\nspec:\n  encryptedData:\n    password: AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq7Ks8WvAXhLBOKsc5f81tTDpXDr6BV7ZDIeHq\n"), expect: { action: "pass" } },
  { name: "binary key store, refused by path", event: read("certs/client.p12", undefined), expect: { action: "deny", rule: "key-store" } },
  // Configuration.
  { name: "denyPaths refuses unread", event: read("notes/private.md", "nothing here"), config: { denyPaths: ["notes/**"] }, expect: { action: "deny", rule: "denied-path" } },
  { name: "allowPaths lets a file through", event: read("test/keys.pem", PEM), config: { allowPaths: ["test/**"] }, expect: { action: "pass" } },
  { name: "allowRules drops a kind", event: read(".env", "DB_PASSWORD=Tr0ub4dor-3xq!9z\n"), config: { allowRules: ["generic-secret"] }, expect: { action: "pass" } },
  { name: "allowValues drops a value", event: read("src/aws.ts", `const id = "${AWS_ID}";\n`), config: { allowValues: [AWS_ID] }, expect: { action: "pass" } },
  // Shell commands that read no secret file.
  { name: "cat of a file that does not exist", event: shellEvent("cat /nonexistent/.env"), expect: { action: "pass" } },
  { name: "command reading nothing", event: shellEvent("echo hello && ls -la"), expect: { action: "pass" } },
];
