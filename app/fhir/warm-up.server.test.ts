/**
 * Validator warm-up at server start (issue 25): the server entry's `warmUp` loads the PAS
 * definitions in its own process, and the web app built with `warmUp: true` (as server.ts builds
 * it) runs the entry's `warmUp` before serving, while the app built without it (tests) does not.
 * No timing is asserted: the test checks that the loading happens and who triggers it.
 */
import { describe, expect, it, vi } from "vitest";
import type { ServerBuild } from "react-router";
import { pasValidatorLoaded } from "./pas-validator.server";
import { warmUp } from "~/entry.server";
import { createWebApp, warmUpServerBuild } from "~/lib/web-app.server";

function fakeBuild(warm: () => unknown): ServerBuild {
  return { entry: { module: { default: () => new Response(""), warmUp: warm } }, routes: {}, assets: { routes: {} } } as unknown as ServerBuild;
}

describe("PAS validator warm-up", () => {
  it("the entry's warmUp loads every PAS profile into the process", () => {
    expect(pasValidatorLoaded()).toBe(false);
    const result = warmUp();
    expect(result.pasProfiles).toBeGreaterThan(20);
    expect(pasValidatorLoaded()).toBe(true);
  }, 60_000);

  it("createWebApp({ warmUp: true }) calls the entry's warmUp before serving; without it, never", async () => {
    const warm = vi.fn(() => ({ pasProfiles: 1 }));
    createWebApp({ build: fakeBuild(warm), trustProxy: "false", warmUp: true });
    expect(warm).toHaveBeenCalledTimes(1); // synchronously, for a built server
    const cold = vi.fn();
    createWebApp({ build: fakeBuild(cold), trustProxy: "false" });
    expect(cold).not.toHaveBeenCalled();
    // under Vite dev the build comes from a function: resolved, then warmed
    const lazy = vi.fn(() => "ok");
    expect(await warmUpServerBuild(async () => fakeBuild(lazy))).toBe("ok");
    expect(lazy).toHaveBeenCalledTimes(1);
  });
});
