// Prisma 7 CLI configuration. `prisma generate` works offline; the CLI would otherwise try to
// download its native schema engine, which generation does not need (see ../shared/STACK.md).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";

import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
