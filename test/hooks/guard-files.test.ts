/** guard-files knows every file the installer writes: each agent's config in each scope and platform, and the copied hook files. */
import { describe, expect, it } from "vitest";
import { hookFilePath, scopeDirs } from "../../cli/install/locations.ts";
import { installTargets } from "../../cli/install/targets/index.ts";
import type { Platform, Scope } from "../../cli/install/targets/types.ts";
import { placeOf } from "../../hooks/guard-files/places.ts";
import { guardedPlaces } from "../../shared/guarded-places.ts";

const PROJECT = "/home/dev/project";
const ENV = { HOME: "/home/dev", APPDATA: "C:/Users/dev/AppData/Roaming" };
const places = guardedPlaces(PROJECT, ENV);
const CASES = Object.values(installTargets).flatMap((target) =>
  (["project", "user", "enterprise"] as Scope[]).flatMap((scope) => (["linux", "darwin", "win32"] as Platform[]).map((platform) => ({ agent: target.agent, target, scope, platform }))),
);

describe("guarded places", () => {
  it.for(CASES)("$agent $scope $platform: the installed config file is guarded", ({ target, scope, platform }) => {
    const file = target.configFile(scopeDirs(scope, platform, PROJECT, ENV));
    if (file === undefined) return;
    expect(placeOf(file.path, places), file.path).toBeDefined();
  });

  it.for(["project", "user", "enterprise"] as Scope[])("%s scope: the copied hook files are guarded on every platform", (scope) => {
    for (const platform of ["linux", "darwin", "win32"] as Platform[]) {
      const path = hookFilePath(scopeDirs(scope, platform, PROJECT, ENV), "0.1.0", "dangerous-command");
      expect(placeOf(path, places), path).toBeDefined();
    }
  });
});
