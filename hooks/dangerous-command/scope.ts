/** What every rule may look at besides the command: the places that matter and the options. */
import type { CommandAnalysis } from "../../shared/shell.ts";
import type { Options } from "./options.ts";
import type { HomePlaces } from "./paths.ts";

export interface Scope {
  home: string | undefined;
  /** The user running the agent ($USER), for `chown -R me ~/.ssh`. */
  user: string | undefined;
  /**
   * The home directory, normalized, with its credential and cache folders; undefined without an absolute
   * HOME. Worked out on first use: most commands delete nothing.
   */
  homePlaces: () => HomePlaces | undefined;
  /** The temp directories: $TMPDIR, /tmp, /var/tmp. */
  tempDirs: string[];
  projectRoot: string;
  options: Options;
  analysis: CommandAnalysis;
  /** The config switched the hook off: only the catastrophic rules still apply. */
  catastrophicOnly: boolean;
}
