/**
 * Programs that run another program given as their arguments (`sudo rm …`, `timeout 5 rm …`):
 * the analysis looks through them. Each entry lists the options that take a value, so the
 * program is found after them.
 */
import type { Arg } from "./types.ts";

export interface WrapperSpec {
  /** Options whose value is the next word (`-u root`). */
  valued: string[];
  /** Plain words before the program (`timeout 5`, `taskset 0x1`, `flock FILE`). */
  positionals?: number;
  /** `env NAME=value rm`: assignments before the program. */
  assignments?: boolean;
  /** Options that change directory for the program (`sudo -D`, `env -C`). */
  chdir?: string[];
  /** Options that mean the wrapper does not run the program (`command -v rm`). */
  lookupOnly?: string[];
  /** It is a wrapper only with one of these options (`runuser -u USER CMD`; `runuser USER -c CODE` is like su). */
  onlyWith?: string[];
  /** It joins its words and runs them with `sh -c` (`watch 'rm -rf x'`), unless one of these options is given. */
  shellUnless?: string[];
  /** It runs a program only after one of these subcommands (`uv run CMD`, `bundle exec CMD`). */
  subcommands?: string[];
  /** With no program it starts root's shell, which reads its code from stdin (`sudo -s`, `doas -s`). */
  shellOptions?: RegExp;
  /** Options whose value is code the wrapper gives to `sh -c` (`flock FILE -c CODE`). */
  shellCode?: string[];
  /** Words before a `--` name tools, not the program (`mise x node@20 -- CMD`). */
  programAfterDashDash?: boolean;
  /** Options that take the next two words (`bwrap --bind SRC DST`). */
  pairs?: string[];
}

export const WRAPPERS: Record<string, WrapperSpec> = {
  sudo: { shellOptions: /^(--shell|--login|-[A-Za-z]*[si])/, valued: ["-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-U", "-T", "--user", "--group", "--host", "--prompt", "--close-from", "--chdir", "--role", "--type", "--other-user", "--command-timeout"], chdir: ["-D", "--chdir"], lookupOnly: ["-l", "--list", "-v", "--validate", "-K"] },
  doas: { valued: ["-u", "-C"], shellOptions: /^-[A-Za-z]*s/ },
  pkexec: { valued: ["--user"] },
  run0: { valued: ["-u", "--user", "-g", "--group", "--nice", "-D", "--chdir", "--setenv", "--unit", "--property", "--description", "--slice", "--machine", "--background"], chdir: ["-D", "--chdir"] },
  // Project and environment managers that run a program in their environment.
  uv: { valued: ["--with", "--python", "-p", "--project", "--directory", "--package", "--env-file", "--extra", "--group", "--index", "--from"], subcommands: ["run"] },
  uvx: { valued: ["--with", "--python", "-p", "--from", "--index"] },
  poetry: { valued: ["-C", "--directory", "-P", "--project"], subcommands: ["run"] },
  pipenv: { valued: [], subcommands: ["run"] },
  pdm: { valued: ["-p", "--project"], subcommands: ["run"] },
  rye: { valued: [], subcommands: ["run"] },
  hatch: { valued: ["-e", "--env"], subcommands: ["run"] },
  pixi: { valued: ["-e", "--environment", "--manifest-path"], subcommands: ["run", "exec"] },
  conda: { valued: ["-n", "--name", "-p", "--prefix", "--cwd"], subcommands: ["run"], chdir: ["--cwd"] },
  mamba: { valued: ["-n", "--name", "-p", "--prefix", "--cwd"], subcommands: ["run"], chdir: ["--cwd"] },
  micromamba: { valued: ["-n", "--name", "-p", "--prefix", "--cwd"], subcommands: ["run"], chdir: ["--cwd"] },
  bundle: { valued: ["--gemfile"], subcommands: ["exec"] },
  mise: { valued: ["-C", "--cd", "-E", "--env"], subcommands: ["exec", "x"], chdir: ["-C", "--cd"], programAfterDashDash: true },
  asdf: { valued: [], subcommands: ["exec"] },
  pkgx: { valued: [], programAfterDashDash: true },
  // Package runners: `npm exec -- CMD`, `pnpm dlx CMD`, `yarn dlx CMD`, `bun x CMD`.
  npm: { valued: ["-p", "--package", "-w", "--workspace", "-c", "--call"], subcommands: ["exec", "x"] },
  pnpm: { valued: ["-p", "--package", "-C", "--dir", "--filter", "-F"], subcommands: ["exec", "dlx"], chdir: ["-C", "--dir"] },
  yarn: { valued: ["-p", "--package"], subcommands: ["exec", "dlx"] },
  bun: { valued: ["-p", "--package"], subcommands: ["x"] },
  coproc: { valued: [] },
  // macOS: `launchctl submit -l LABEL -- PROG ARGS` starts PROG as a job (and again whenever it exits).
  launchctl: { valued: ["-l", "-p", "-o", "-e"], subcommands: ["submit"], programAfterDashDash: true },
  // Secret and environment injectors: `op run -- CMD`, `doppler run -- CMD`, `aws-vault exec PROFILE -- CMD`.
  op: { valued: ["--env-file", "--account", "--config"], subcommands: ["run"] },
  doppler: { valued: ["-p", "--project", "-c", "--config", "--token", "--scope"], subcommands: ["run"] },
  infisical: { valued: ["--env", "--projectId", "--path", "--token"], subcommands: ["run"] },
  dotenvx: { valued: ["-f", "--env-file", "-e", "--env"], subcommands: ["run"] },
  dotenv: { valued: ["-e", "-v", "-c"] },
  "aws-vault": { valued: ["--duration", "-d", "--region"], subcommands: ["exec"], positionals: 1 },
  // Container entrypoints and user switchers: `tini -- CMD`, `gosu USER CMD`, `su-exec USER CMD`, `setpriv --reuid=0 CMD`.
  tini: { valued: ["-p", "-e"] },
  "dumb-init": { valued: ["-r", "--rewrite"] },
  gosu: { valued: [], positionals: 1 },
  "su-exec": { valued: [], positionals: 1 },
  setuidgid: { valued: [], positionals: 1 },
  "s6-setuidgid": { valued: [], positionals: 1 },
  chpst: { valued: ["-u", "-U", "-b", "-e", "-/", "-C", "-n", "-l", "-L", "-m", "-d", "-o", "-p", "-f", "-c", "-r", "-t"] },
  setpriv: { valued: ["--reuid", "--regid", "--ruid", "--rgid", "--euid", "--egid", "--groups", "--inh-caps", "--ambient-caps", "--bounding-set", "--securebits", "--pdeathsig", "--selinux-label", "--apparmor-profile", "--landlock-access", "--landlock-rule"] },
  setarch: { valued: [], positionals: 1 },
  prlimit: { valued: ["-p", "--pid"] },
  // Resource and I/O shapers that run their program unchanged.
  cpulimit: { valued: ["-l", "--limit", "-p", "--pid", "-e", "--exe"] },
  eatmydata: { valued: [] },
  nocache: { valued: [] },
  trickle: { valued: ["-d", "-u", "-w", "-t", "-l", "-n"] },
  "systemd-cat": { valued: ["-t", "--identifier", "-p", "--priority", "--stderr-priority"] },
  // bubblewrap with home or / bound in reaches the same files: judged as on this machine.
  bwrap: { valued: ["--chdir", "--dev", "--proc", "--tmpfs", "--dir", "--unsetenv", "--uid", "--gid", "--hostname", "--remount-ro", "--seccomp", "--lock-file", "--exec-label", "--file-label", "--perms", "--size", "--args", "--info-fd", "--json-status-fd", "--userns", "--userns2", "--pidns", "--cap-add", "--cap-drop", "--argv0"], pairs: ["--bind", "--ro-bind", "--dev-bind", "--bind-try", "--ro-bind-try", "--dev-bind-try", "--symlink", "--setenv", "--file", "--bind-data", "--ro-bind-data", "--chmod", "--overlay-src"] },
  proot: { valued: ["-r", "--rootfs", "-b", "--bind", "-m", "--mount", "-w", "--pwd", "--cwd", "-q", "--qemu", "-k", "--kernel-release"] },
  // shx runs shelljs's portable versions of rm, mv, cp…: `npx shx rm -rf DIR` is `rm -rf DIR`.
  shx: { valued: [] },
  screen: { valued: ["-S", "-c", "-e", "-h", "-p", "-T", "-Logfile", "-X"] },
  "flatpak-spawn": { valued: ["--directory", "--env", "--forward-fd", "--sandbox-expose", "--sandbox-expose-ro"], chdir: ["--directory"] },
  // distrobox and toolbox containers share the home directory: their commands reach this machine's files.
  distrobox: { valued: ["-n", "--name"], subcommands: ["enter"], programAfterDashDash: true },
  "distrobox-enter": { valued: ["-n", "--name"], programAfterDashDash: true },
  toolbox: { valued: ["-c", "--container", "-d", "--distro", "-r", "--release"], subcommands: ["run"] },
  devbox: { valued: ["-c", "--config"], subcommands: ["run"] },
  direnv: { valued: [], subcommands: ["exec"], positionals: 1 },
  env: { valued: ["-u", "--unset", "-C", "--chdir", "-S", "--split-string"], assignments: true, chdir: ["-C", "--chdir"] },
  command: { valued: [], lookupOnly: ["-v", "-V"] },
  builtin: { valued: [] },
  exec: { valued: ["-a"] },
  nohup: { valued: [] },
  setsid: { valued: [] },
  timeout: { valued: ["-s", "--signal", "-k", "--kill-after"], positionals: 1 },
  nice: { valued: ["-n", "--adjustment"] },
  ionice: { valued: ["-c", "--class", "-n", "--classdata", "-p", "--pid"] },
  chrt: { valued: [], positionals: 1 },
  taskset: { valued: [], positionals: 1 },
  flock: { valued: ["-w", "--timeout", "-E", "--conflict-exit-code", "-c", "--command"], positionals: 1, shellCode: ["-c", "--command"] },
  // GNU parallel's semaphore runs its words with a shell, like parallel does.
  sem: { valued: ["-j", "--jobs", "--id", "--semaphorename", "--st", "--semaphoretimeout"], shellUnless: [] },
  "systemd-inhibit": { valued: ["--what", "--who", "--why", "--mode"], lookupOnly: ["--list"] },
  // Sandboxes that keep the home directory: `firejail --noprofile CMD` reaches the same files.
  firejail: { valued: [] },
  time: { valued: ["-f", "--format", "-o", "--output"] },
  stdbuf: { valued: ["-i", "--input", "-o", "--output", "-e", "--error"] },
  busybox: { valued: [] },
  // toybox is busybox's multi-call counterpart (Android, some minimal images).
  toybox: { valued: [] },
  watch: { valued: ["-n", "--interval", "-q", "--equexit"], shellUnless: ["-x", "--exec"] },
  runuser: { valued: ["-u", "--user", "-g", "--group", "-G", "--supp-group", "-w", "--whitelist-environment"], onlyWith: ["-u", "--user"] },
  "systemd-run": { valued: ["-u", "--unit", "-p", "--property", "-E", "--setenv", "--uid", "--gid", "-M", "--machine", "-H", "--host", "--description", "--slice", "--nice", "--working-directory", "--on-active", "--on-boot", "--on-startup", "--on-unit-active", "--on-unit-inactive", "--on-calendar", "--timer-property", "--path-property", "--socket-property", "--service-type"], chdir: ["--working-directory"] },
  strace: { valued: ["-o", "--output", "-e", "--expr", "-p", "--attach", "-s", "--string-limit", "-u", "--user", "-E", "--env", "-a", "--columns", "-b", "-I", "-P", "--trace-path", "-X", "-O", "-S"] },
  ltrace: { valued: ["-o", "--output", "-e", "-p", "-s", "-u", "-a", "--align", "-n", "--indent", "-l", "--library", "-L", "-x", "-A", "-D", "--debug", "-F", "--config"] },
  valgrind: { valued: [] },
  fakeroot: { valued: ["-l", "--lib", "--faked", "-s", "-i", "-b"] },
  torsocks: { valued: ["-u", "-p", "-a", "-P"] },
  proxychains: { valued: ["-f"] },
  proxychains4: { valued: ["-f"] },
  "dbus-run-session": { valued: ["--config-file", "--dbus-daemon"] },
  "xvfb-run": { valued: ["-n", "--server-num", "-s", "--server-args", "-f", "--auth-file", "-e", "--error-file", "-p", "--xauth-protocol"] },
  faketime: { valued: ["-m", "-f"], positionals: 1 },
  numactl: { valued: ["-C", "--cpunodebind", "-N", "-m", "--membind", "-p", "--preferred", "-i", "--interleave", "--physcpubind"] },
  cgexec: { valued: ["-g"] },
  "ssh-agent": { valued: ["-a", "-E", "-t", "-P"], lookupOnly: ["-k"] },
  caffeinate: { valued: ["-t", "-w"] },
  unbuffer: { valued: [] },
  chronic: { valued: [] },
  catchsegv: { valued: [] },
  npx: { valued: ["-p", "--package", "--cache", "--userconfig"] },
  bunx: { valued: ["-p", "--package"] },
  pnpx: { valued: [] },
  nsenter: { valued: ["-t", "--target", "-S", "--setuid", "-G", "--setgid", "-w", "--wd", "-W", "--wdns"] },
  // `chroot DIR cmd`: judged as if on this root (the stricter reading).
  chroot: { valued: ["--userspec", "--groups"], positionals: 1 },
  unshare: { valued: ["--map-user", "--map-group", "-S", "--setuid", "-G", "--setgid", "-R", "--root", "-w", "--wd"] },
  // `wsl [-d DISTRO] [-u USER] [-e] CMD`: the command runs in the Linux side, which mounts the Windows drives.
  wsl: { valued: ["-d", "--distribution", "-u", "--user", "--cd", "--shell-type", "--distribution-id"], lookupOnly: ["--unregister", "--export", "--import", "--import-in-place", "--terminate", "-t", "--set-default", "-s", "--set-version", "--install", "--uninstall", "--shutdown", "--list", "-l", "--status", "--update", "--mount", "--unmount", "--manage", "--help", "--version"] },
  xargs: { valued: ["-I", "-i", "-n", "--max-args", "-P", "--max-procs", "-d", "--delimiter", "-L", "--max-lines", "-a", "--arg-file", "-E", "-e", "--eof", "-s", "--max-chars", "--replace"] },
};

export interface Unwrapped {
  rest: Arg[];
  assignments: Arg[];
  /** Options and values consumed, for wrappers that care (xargs -I, sudo -D). */
  options: Map<string, string>;
}

/** What follows a wrapper's options (empty when it runs no program); undefined when it only looks one up. */
export function unwrap(spec: WrapperSpec, args: Arg[]): Unwrapped | undefined {
  const options = new Map<string, string>();
  const assignments: Arg[] = [];
  let i = 1;
  let positionals = spec.positionals ?? 0;
  while (i < args.length) {
    const word = args[i]!.value;
    if (word === "--") {
      i++;
      break;
    }
    if (word.startsWith("-") && word.length > 1) {
      const eq = word.indexOf("=");
      const name = word.startsWith("--") && eq > 0 ? word.slice(0, eq) : word;
      if (spec.lookupOnly?.includes(name)) return undefined;
      if (spec.pairs?.includes(name)) {
        i += 3;
        continue;
      }
      if (spec.valued.includes(name) && eq < 0) {
        options.set(name, args[i + 1]?.value ?? "");
        i += 2;
      } else if (!word.startsWith("--") && eq < 0 && /^-[A-Za-z]{2,}$/.test(word) && spec.valued.includes(`-${word[word.length - 1]}`) && !spec.valued.some((v) => !v.startsWith("--") && word.startsWith(v))) {
        // `-dmS NAME`, `-Hu root`: flags run together, the last one taking the next word.
        options.set(word, "");
        options.set(`-${word[word.length - 1]}`, args[i + 1]?.value ?? "");
        i += 2;
      } else {
        // `-n10`, `--chdir=/x`, `-oL`: the value is attached.
        const short = spec.valued.find((v) => !v.startsWith("--") && word.startsWith(v) && word.length > v.length);
        options.set(short ?? name, short ? word.slice(short.length) : eq > 0 ? word.slice(eq + 1) : "");
        i++;
      }
      continue;
    }
    if (spec.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
      assignments.push(args[i]!);
      i++;
      continue;
    }
    if (positionals > 0) {
      positionals--;
      i++;
      continue;
    }
    break;
  }
  const rest = args.slice(i);
  const dashes = spec.programAfterDashDash ? rest.findIndex((a) => a.value === "--") : -1;
  return { rest: dashes >= 0 ? rest.slice(dashes + 1) : rest, assignments, options };
}

/** `/usr/bin/git` → `git`, `\git` → `git`. */
export function programName(word: string): string {
  let base = word.slice(word.lastIndexOf("/") + 1);
  // Git Bash runs `shutdown.exe` as `shutdown`. String work, not a RegExp: this runs for every word of
  // every command, and V8 compiles a RegExp on its first runs.
  if (base.length > 4 && base[base.length - 4] === "." && base.slice(-3).toLowerCase() === "exe") base = base.slice(0, -4);
  let start = 0;
  while (base[start] === "\\") start++;
  return start === 0 ? base : base.slice(start);
}
