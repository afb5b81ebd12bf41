/**
 * Issue 24, item 10: a question node showed "Answer: No", read as the question's own answer; the
 * condition is the answer to the previous question that leads to the node.
 */
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { NodeDetails } from "./node-list";

describe("NodeDetails", () => {
  it("names the edge's answer as the one that leads here, never as the question's answer", () => {
    const html = renderToStaticMarkup(
      <NodeDetails
        node={{
          id: "n2",
          question: "Is the member 18 years of age or older?",
          reason: null,
          node_type: "question",
          node_action: null,
          condition: "No",
          parent_id: "n1",
          passage: null,
          criterion: null,
        }}
      />,
    );
    expect(html).toContain("Reached by the answer “No” to the previous question");
    expect(html).not.toContain("Answer: No");
  });
});
