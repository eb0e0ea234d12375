/** The formatters guards recognise in a project, in order of preference for a file type. */

export interface KnownFormatter {
  name: string;
  program: string;
  /** Arguments before the file path; every entry edits the file in place. */
  args: readonly string[];
  extensions: readonly string[];
  /**
   * Files that say the project uses this formatter, looked up from the file's folder to the root.
   * Absent: the language's standard formatter, used whenever it is installed.
   */
  markers?: readonly string[];
  /** package.json keys or dependencies that also count as a marker. */
  packageJson?: readonly string[];
  /** pyproject.toml tables that count as a marker. */
  pyproject?: readonly string[];
  /** Where a project keeps its own copy: node_modules/.bin or the project's virtualenv. */
  local?: "node" | "python";
}

const WEB = [".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts", ".json", ".jsonc", ".css", ".scss", ".less", ".html", ".vue", ".md", ".mdx", ".yaml", ".yml", ".graphql"];
const C_FAMILY = [".c", ".h", ".cc", ".cpp", ".cxx", ".hpp", ".hh", ".hxx", ".m", ".mm", ".proto"];

export const KNOWN_FORMATTERS: readonly KnownFormatter[] = [
  { name: "biome", program: "biome", args: ["format", "--write"], extensions: WEB, markers: ["biome.json", "biome.jsonc"], packageJson: ["@biomejs/biome"], local: "node" },
  { name: "dprint", program: "dprint", args: ["fmt"], extensions: [...WEB, ".toml", ".rs", ".py"], markers: ["dprint.json", ".dprint.json", "dprint.jsonc", ".dprint.jsonc"], packageJson: ["dprint"], local: "node" },
  {
    name: "prettier",
    program: "prettier",
    args: ["--write"],
    extensions: WEB,
    markers: [".prettierrc", ".prettierrc.json", ".prettierrc.yaml", ".prettierrc.yml", ".prettierrc.json5", ".prettierrc.js", ".prettierrc.cjs", ".prettierrc.mjs", ".prettierrc.toml", "prettier.config.js", "prettier.config.cjs", "prettier.config.mjs", "prettier.config.ts"],
    packageJson: ["prettier"],
    local: "node",
  },
  { name: "ruff", program: "ruff", args: ["format"], extensions: [".py", ".pyi"], markers: ["ruff.toml", ".ruff.toml"], pyproject: ["tool.ruff"], local: "python" },
  { name: "black", program: "black", args: ["--quiet"], extensions: [".py", ".pyi"], pyproject: ["tool.black"], local: "python" },
  { name: "gofmt", program: "gofmt", args: ["-w"], extensions: [".go"] },
  { name: "rustfmt", program: "rustfmt", args: [], extensions: [".rs"] },
  { name: "shfmt", program: "shfmt", args: ["-w"], extensions: [".sh", ".bash"] },
  { name: "terraform", program: "terraform", args: ["fmt"], extensions: [".tf", ".tfvars"] },
  // Without a project style file clang-format would impose LLVM style on code that never used it.
  { name: "clang-format", program: "clang-format", args: ["-i"], extensions: C_FAMILY, markers: [".clang-format", "_clang-format"] },
];
