/** The decision-tree node commands' input schemas: the spec's messages, and Approve/Deny stored as approved/denied. */
import { describe, expect, it } from "vitest";
import { AddNodeInputSchema } from "./add-node-input";
import { UpdateNodeInputSchema } from "./update-node-input";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe("add node input", () => {
  it("answers the spec's messages for a missing node type, answer, question or action", () => {
    expect(messages(AddNodeInputSchema.safeParse({ question: "Q", condition: "Yes" }))).toEqual(["Node type is required"]);
    expect(messages(AddNodeInputSchema.safeParse({ node_type: "question", question: "Q", condition: " " }))).toEqual(["Answer is required"]);
    expect(messages(AddNodeInputSchema.safeParse({ node_type: "question", question: "", condition: "Yes" }))).toEqual(["Question is required"]);
    expect(messages(AddNodeInputSchema.safeParse({ node_type: "action", condition: "No" }))).toEqual(["Action is required"]);
    expect(messages(AddNodeInputSchema.safeParse({ node_type: "action", condition: "No", node_action: "maybe" }))).toEqual(["Action must be Approve or Deny"]);
  });

  it("stores the editor's Approve / Deny (under either name) as approved / denied, blank reason and parent as null", () => {
    const r = AddNodeInputSchema.parse({ node_type: "action", condition: "No", action: "Deny", reason: " ", parent_id: "" });
    expect(r).toMatchObject({ node_action: "denied", reason: null, parent_id: null, condition: "No" });
    expect(AddNodeInputSchema.parse({ node_type: "action", condition: "Yes", node_action: "Approve" }).node_action).toBe("approved");
  });
});

describe("update node input", () => {
  it("leaves absent fields unchanged and refuses a blank question or an action node without an action", () => {
    const kept = UpdateNodeInputSchema.parse({ reason: "why" });
    expect(kept).toMatchObject({ reason: "why" });
    expect(kept.node_type ?? null).toBeNull();
    expect(kept.node_action ?? null).toBeNull();
    expect(messages(UpdateNodeInputSchema.safeParse({ node_type: "question", question: "  " }))).toEqual(["Question is required"]);
    expect(messages(UpdateNodeInputSchema.safeParse({ node_type: "action" }))).toEqual(["Action is required"]);
    expect(messages(UpdateNodeInputSchema.safeParse({ node_type: "branch" }))).toEqual(["Node type must be question or action"]);
  });
});
