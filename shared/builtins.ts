/**
 * Node built-ins a hook needs on some runs only, loaded at first use. At a hook's start on Node 24,
 * node:crypto costs 4-8 ms, node:child_process 1.5-3 ms, node:v8 and node:zlib (which load the stream
 * modules) several more and node:os about 0.4 ms: a static import would make every run pay them.
 *
 * Node before 20.16 has no process.getBuiltinModule; it runs only the built files, whose bundles have require().
 */
export function osModule(): typeof import("node:os") {
  return process.getBuiltinModule?.("node:os") ?? (require("node:os") as typeof import("node:os"));
}

export function cryptoModule(): typeof import("node:crypto") {
  return process.getBuiltinModule?.("node:crypto") ?? (require("node:crypto") as typeof import("node:crypto"));
}

export function childProcessModule(): typeof import("node:child_process") {
  return process.getBuiltinModule?.("node:child_process") ?? (require("node:child_process") as typeof import("node:child_process"));
}

export function v8Module(): typeof import("node:v8") {
  return process.getBuiltinModule?.("node:v8") ?? (require("node:v8") as typeof import("node:v8"));
}

export function zlibModule(): typeof import("node:zlib") {
  return process.getBuiltinModule?.("node:zlib") ?? (require("node:zlib") as typeof import("node:zlib"));
}

export function httpModule(): typeof import("node:http") {
  return process.getBuiltinModule?.("node:http") ?? (require("node:http") as typeof import("node:http"));
}

export function httpsModule(): typeof import("node:https") {
  return process.getBuiltinModule?.("node:https") ?? (require("node:https") as typeof import("node:https"));
}
