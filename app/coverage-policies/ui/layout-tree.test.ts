import { describe, expect, it } from "vitest";
import { topLevelNodeIds } from "./layout-tree";

const node = (id: string) => ({ id }) as never;
const edge = (source: string, target: string) => ({ id: `${source}-${target}`, source, target }) as never;

describe("topLevelNodeIds (the nodes the decision tree opens on)", () => {
  const graph = {
    nodes: ["r", "a", "b", "a1", "a2", "b1", "a1x"].map(node),
    edges: [edge("r", "a"), edge("r", "b"), edge("a", "a1"), edge("a", "a2"), edge("b", "b1"), edge("a1", "a1x")],
  };
  it("takes the root and the levels below it up to the depth", () => {
    expect(topLevelNodeIds(graph, 0)).toEqual(["r"]);
    expect(topLevelNodeIds(graph, 1).sort()).toEqual(["a", "b", "r"]);
    expect(topLevelNodeIds(graph, 2).sort()).toEqual(["a", "a1", "a2", "b", "b1", "r"]);
  });
  it("every node when there is no root (a cycle)", () => {
    expect(topLevelNodeIds({ nodes: [node("x"), node("y")], edges: [edge("x", "y"), edge("y", "x")] }).sort()).toEqual(["x", "y"]);
  });
});
