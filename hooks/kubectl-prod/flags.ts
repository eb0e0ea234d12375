/** A command line read the way Go's pflag (kubectl, helm) reads it. */

export interface FlagGrammar {
  /** Long flags that take a value as the next word when no `=` is given; the others stand alone. */
  valueLong: ReadonlySet<string>;
  /** Short letters mapped to their long name; a letter whose long name is in valueLong takes a value. */
  short: Readonly<Record<string, string>>;
}

export interface ParsedFlags {
  positionals: string[];
  /** Each flag as written, by long name; `undefined` when it stood alone. */
  flags: [name: string, value: string | undefined][];
}

export function parseFlags(rawArgs: readonly string[], grammar: FlagGrammar): ParsedFlags {
  const out: ParsedFlags = { positionals: [], flags: [] };
  const args = rawArgs.flatMap(splitFlagWord);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    // After `--` the words belong to the command run elsewhere (kubectl exec/debug/run, minikube).
    if (arg === "--") break;
    if (arg.startsWith("--")) {
      const eq = arg.indexOf("=");
      const name = eq < 0 ? arg.slice(2) : arg.slice(2, eq);
      let value = eq < 0 ? undefined : arg.slice(eq + 1);
      if (value === undefined && grammar.valueLong.has(name)) value = args[++i];
      out.flags.push([name, value]);
    } else if (arg.startsWith("-") && arg.length > 1) {
      i += readShortCluster(arg, args[i + 1], grammar, out);
    } else {
      out.positionals.push(arg);
    }
  }
  return out;
}

/**
 * `F="-n prod"; kubectl delete pod x $F`: the shell splits an unquoted expansion into words, and the
 * analysis hands it over as one. A flag word with blanks is split the same way; no flag name has one.
 */
function splitFlagWord(word: string): string[] {
  return word.startsWith("-") && /\s/.test(word) ? word.split(/\s+/).filter(Boolean) : [word];
}

/** `-it`, `-Rf dir`, `-nprod`, `-n=prod`; returns 1 when the value was the next word. */
function readShortCluster(arg: string, next: string | undefined, grammar: FlagGrammar, out: ParsedFlags): number {
  for (let k = 1; k < arg.length; k++) {
    const letter = arg[k]!;
    const name = grammar.short[letter] ?? letter;
    if (!grammar.valueLong.has(name)) {
      out.flags.push([name, undefined]);
      continue;
    }
    const rest = arg.slice(k + 1).replace(/^=/, "");
    out.flags.push([name, rest || next]);
    return rest ? 0 : 1;
  }
  return 0;
}

/** The last value given for a flag, as pflag keeps it. */
export function lastValue(parsed: ParsedFlags, name: string): string | undefined {
  let found: string | undefined;
  for (const [flag, value] of parsed.flags) if (flag === name && value !== undefined) found = value;
  return found;
}

export function allValues(parsed: ParsedFlags, name: string): string[] {
  return parsed.flags.filter(([flag, value]) => flag === name && value !== undefined).map(([, value]) => value!);
}

/** A boolean flag: present alone or `=true`. */
export function isSet(parsed: ParsedFlags, name: string): boolean {
  return parsed.flags.some(([flag, value]) => flag === name && (value === undefined || value === "true"));
}

/**
 * `--dry-run`, `--dry-run=client|server|true`: nothing is changed; `none`/`false` really apply, and so
 * may a value only run time knows (`--dry-run=$MODE`).
 */
export function isDryRun(parsed: ParsedFlags): boolean {
  const dryRunValue = (value: string) => !["none", "false"].includes(value) && !value.includes("$") && !value.includes("`");
  return parsed.flags.some(([flag, value]) => flag === "dry-run" && (value === undefined || dryRunValue(value)));
}
