import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getPrimaryOrganization } from "~/organizations/get-organization.server";
import { serializeOrganization } from "~/organizations/serialize-organization";

/** GET /api/logged_in_user.json → {success, errors, current_user:{avatar, username, email}, organization}. 401 JSON without a session. */
const route = apiRoute({
  auth: "user",
  GET: {
    summary: "The signed-in person",
    description: "Session only (an API key names no person). `organization` is the person's primary organization, or null.",
    tags: ["Sign-in"],
    response: z.object({
      current_user: z.object({ avatar: z.string().nullable(), username: z.string(), email: z.string() }),
      organization: z.record(z.string(), z.unknown()).nullable(),
    }),
    async handler({ auth }) {
      const user = auth.user!;
      const organization = await getPrimaryOrganization(user.id);
      return {
        current_user: { avatar: user.avatar, username: user.username, email: user.email },
        organization: organization ? serializeOrganization(organization) : null,
      };
    },
  },
});
export const loader = route.loader;
export const action = route.action;
