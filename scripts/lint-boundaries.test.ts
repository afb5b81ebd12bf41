/** The layer rules of eslint.config.js bite: the engine, document reading and the job queue import no domain, routes import no routes. */
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-imports" || m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("import boundaries", () => {
  it("the clinical engine and document reading may not import a domain", async () => {
    expect(
      await restricted("app/clinical/decide/x.ts", 'import { listPlans } from "~/plans/manage-plans.server";\nexport const y = listPlans;\n'),
    ).toHaveLength(1);
    expect(
      await restricted(
        "app/documents/x.ts",
        'import { getPriorAuthDetail } from "~/prior-auths/get-prior-auth-detail.server";\nexport const y = getPriorAuthDetail;\n',
      ),
    ).toHaveLength(1);
    expect(await restricted("app/clinical/decide/x.ts", 'import { AppError } from "~/lib/errors";\nexport const y = AppError;\n')).toEqual([]);
  });

  it("the job queue may not import a domain or the composition root, statically or dynamically", async () => {
    const queueFile = "app/queue/x.server.ts";
    expect(await restricted(queueFile, 'import { claimIntakeJob } from "~/intake/jobs.server";\nexport const y = claimIntakeJob;\n')).toHaveLength(1);
    expect(await restricted(queueFile, 'import { appJobs } from "~/jobs.server";\nexport const y = appJobs;\n')).toHaveLength(1);
    expect(await restricted(queueFile, 'import { appJobs } from "../jobs.server";\nexport const y = appJobs;\n')).toHaveLength(1);
    expect(await restricted(queueFile, 'export async function y() {\n  await import("~/intake/jobs.server");\n}\n')).toHaveLength(1);
    expect(
      await restricted(
        queueFile,
        'import type { Database } from "~/lib/db.server";\nimport type { Prisma } from "~/generated/prisma/client";\nimport { getJob } from "~/queue/registry.server";\nimport os from "node:os";\nimport { z } from "zod";\nexport type Y = [Database, Prisma.JsonValue, typeof getJob, typeof os, typeof z];\n',
      ),
    ).toEqual([]);
  });

  it("app/ reaches the demo content only through fixtures/demo/runtime.ts; tests may import any fixture", async () => {
    expect(
      await restricted("app/demo/x.server.ts", 'import { DEMO_POLICIES } from "../../fixtures/demo/catalog";\nexport const y = DEMO_POLICIES;\n'),
    ).toHaveLength(1);
    expect(
      await restricted(
        "app/routes/demo.x.tsx",
        'import { renderPriorAuthFax } from "../../fixtures/demo/render-fax.server";\nexport const y = renderPriorAuthFax;\n',
      ),
    ).toContainEqual(expect.stringContaining("fixtures/demo/runtime.ts"));
    expect(await restricted("app/demo/x.server.ts", 'import { renderDemoFax } from "../../fixtures/demo/runtime";\nexport const y = renderDemoFax;\n')).toEqual(
      [],
    );
    expect(await restricted("app/synthetic/x.test.ts", 'import { DEMO_ROSTER } from "../../fixtures/demo/catalog";\nexport const y = DEMO_ROSTER;\n')).toEqual(
      [],
    );
  });

  it("routes may not import other routes (their own generated types are fine)", async () => {
    expect(await restricted("app/routes/x.tsx", 'import { loader as l } from "./dashboard";\nexport const y = l;\n')).toHaveLength(1);
    expect(await restricted("app/routes/x.tsx", 'import { loader as l } from "~/routes/dashboard";\nexport const y = l;\n')).toHaveLength(1);
    expect(await restricted("app/routes/x.tsx", 'import type { Route } from "./+types/x";\nexport type Y = Route.LoaderArgs;\n')).toEqual([]);
    // page routes in folders by area (app/routes/workspace/settings/…): same rule one folder down
    expect(await restricted("app/routes/workspace/settings/x.tsx", 'import { loader as l } from "../dashboard";\nexport const y = l;\n')).toHaveLength(1);
    expect(await restricted("app/routes/workspace/settings/x.tsx", 'import type { Route } from "./+types/x";\nexport type Y = Route.LoaderArgs;\n')).toEqual(
      [],
    );
  });
}, 60_000);
