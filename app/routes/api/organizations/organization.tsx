import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { serializeOrganization } from "~/organizations/serialize-organization";

/** GET /api/o/{orgId}.json → {success, errors, organization}. Session of a member or an API key of this org; others 404. */
const route = apiRoute({
  GET: {
    permission: "member",
    summary: "The organization",
    tags: ["Organization"],
    response: z.object({ organization: z.record(z.string(), z.unknown()) }),
    handler: ({ auth }) => ({ organization: serializeOrganization(auth.organization!) }),
  },
});
export const loader = route.loader;
export const action = route.action;
