/** What the shell analysis reports: the programs a command line would run, read statically. */

/** One simple command that would run, with its wrappers (sudo, env, …) peeled off. */
export interface ExecutedCommand {
  /**
   * Arguments as the program receives them, as far as known statically: quotes removed, `~`, known
   * variables and brace lists resolved. What only run time knows stays as written (`$X`, `$(…)`).
   * argv[0] keeps its path.
   */
  argv: string[];
  /** The program's name: basename of argv[0], without a leading backslash. */
  program: string;
  /** Wrappers peeled to reach it, outermost first (`sudo`, `env`, `bash -c`, `python -c`, …). */
  wrappers: string[];
  /** Parallel to argv: true where the value is only known at run time. */
  dynamic: boolean[];
  /** The directory it runs in, when known (`cd` earlier in the line is followed). */
  cwd: string | undefined;
  /** Output and input redirections, targets expanded like arguments. */
  redirects: Redirect[];
  /** What its stdin is, when a pipe, a here-string or a heredoc feeds it. */
  input?: CodeInput;
  /** Set when the program runs code the analysis could not read: downloaded, or built at run time. */
  opaqueCode?: CodeInput;
  /** Name of the shell function whose body this command is in. */
  inFunction?: string;
  /**
   * Set when the command runs inside a container (`docker run -v SRC:DST …`): its paths are the
   * container's, and only those under a mount reach this machine.
   */
  mounts?: Mount[];
  /** Set when interpreter code forks in an endless loop: it uses up the machine's processes. */
  exhausts?: "processes";
  /** A deletion done through an interpreter API (`shutil.rmtree`), reported as the equivalent rm. */
  api?: string;
  /**
   * Variables the line itself sets for this command (`K=v cmd`, `env K=v cmd`, `export K=v; cmd`):
   * the value, or null where only run time knows it. Absent when the line sets none.
   */
  env?: Record<string, string | null>;
}

/** A host folder mounted into a container. */
export interface Mount {
  /** Absolute host path; undefined when only run time knows it. */
  host: string | undefined;
  /** Where the container sees it. */
  container: string;
  readOnly: boolean;
  /** A running container (`docker exec`, `kubectl exec`): its mounts are not on the line, so any folder may be one. */
  running?: boolean;
}

export interface Redirect {
  op: string;
  target: string;
  dynamic: boolean;
}

/** Text flowing into a program (a pipe, a here-string, a heredoc) or code handed to it. */
export interface CodeInput {
  kind: "static" | "download" | "dynamic";
  /** The text, when static. */
  text?: string;
  /** Where it comes from, for messages: `curl https://…`, `$(cat x)`. */
  from: string;
  /** The file it is read from, when it is one (`< FILE`, or `exec 3< FILE` then `<&3`). */
  file?: string;
  /** For run-time text, the part known before it runs: the echoed lines of `(crontab -l; echo LINE)`. */
  known?: string;
  /** The paths `find ARGS` prints (its words, the program's name first): known to lie where find looks. */
  find?: Arg[];
}

export interface CommandAnalysis {
  commands: ExecutedCommand[];
  /** Why parts of the command could not be analysed (unclosed quote, code built at run time); empty when all was read. */
  unresolved: string[];
  /** Set when the input exceeded a bound (size, nesting, words): the analysis stopped there. */
  limit?: string;
}

/** A word on its way through wrappers: its static value and whether run time decides it. */
export interface Arg {
  value: string;
  dynamic: boolean;
  /** As written, for `$SHELL -c` and messages. */
  raw: string;
  /** For a process substitution `<(…)`: the code whose output the program reads as this file. */
  code?: string;
}
