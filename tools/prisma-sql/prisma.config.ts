import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";
export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  adapter: async () => new PrismaPg({ connectionString: "postgresql://postgres@127.0.0.1:5432/postgres" }),
});
