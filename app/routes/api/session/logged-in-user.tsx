import { z } from "zod";
import { apiRoute } from "~/api/api-route.server";
import { getOrganization, getPrimaryOrganization } from "~/organizations/get-organization.server";
import { serializeOrganization } from "~/organizations/serialize-organization";

/**
 * GET /api/logged_in_user.json → {success, errors, current_user:{avatar, username, email}, organization}.
 * With an API key (Bearer) the identity is the key: current_user {avatar: null, username: the key's
 * name, email: null, api_key: {token_prefix}} and the key's organization. 401 JSON without a session
 * or with a bad, unknown or revoked key.
 */
const route = apiRoute({
  auth: "any",
  GET: {
    summary: "The signed-in person, or the calling API key",
    description: "With a session: the person and their primary organization (or null). With an API key: the key's name and prefix, and its organization.",
    tags: ["Sign-in"],
    response: z.object({
      current_user: z.object({
        avatar: z.string().nullable(),
        username: z.string(),
        email: z.string().nullable(),
        api_key: z.object({ token_prefix: z.string() }).optional(),
      }),
      organization: z.record(z.string(), z.unknown()).nullable(),
    }),
    async handler({ auth }) {
      if (auth.via === "api_key" && auth.apiKey) {
        const organization = await getOrganization(auth.apiKey.organization_id);
        return {
          current_user: { avatar: null, username: auth.apiKey.name ?? "API key", email: null, api_key: { token_prefix: auth.apiKey.token_prefix } },
          organization: organization ? serializeOrganization(organization) : null,
        };
      }
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
