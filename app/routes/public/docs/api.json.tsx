import { buildOpenApiDocument } from "~/openapi/openapi.server";

/** GET /docs/api.json — the OpenAPI 3.1 document of the /api (public: it holds no data). */
export async function loader() {
  return new Response(JSON.stringify(buildOpenApiDocument(), null, 2), {
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
