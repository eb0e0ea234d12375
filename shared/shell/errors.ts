/** Input beyond one of the analysis bounds: the command is refused as too complex to check. */
export class ShellLimitError extends Error {
  override name = "ShellLimitError";
}

/** Shell text that cannot be read (an unclosed quote or substitution): the command is not analysable. */
export class ShellSyntaxError extends Error {
  override name = "ShellSyntaxError";
}
