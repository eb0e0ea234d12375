/** Shell text that cannot be read (an unclosed quote or substitution): the command is not analysable. */
export class ShellSyntaxError extends Error {
  override name = "ShellSyntaxError";
}
