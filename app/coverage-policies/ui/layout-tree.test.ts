import { describe, expect, it } from "vitest";
import { NODE_WIDTH, OPEN_MIN_ZOOM, openingViewport, topLevelNodeIds } from "./layout-tree";

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

describe("openingViewport (where the decision tree opens)", () => {
  const pane = { width: 1000, height: 600 };
  // a root above two children, all within 700 × 500 px of flow space
  const small = new Map([
    ["r", { x: 250, y: 0 }],
    ["a", { x: 0, y: 300 }],
    ["b", { x: 500, y: 300 }],
  ]);
  it("fits top levels that fit at a readable zoom, centred", () => {
    const v = openingViewport(small, ["r", "a", "b"], ["r"], pane);
    expect(v.zoom).toBe(1); // it would fit at 1.07: capped at 1
    // the middle of the box (350, 225) lands on the middle of the pane
    expect(350 * v.zoom + v.x).toBeCloseTo(500);
    expect(225 * v.zoom + v.y).toBeCloseTo(300);
  });
  it("top levels a little too big for the pane are shrunk to fit, not below the floor", () => {
    const v = openingViewport(small, ["r", "a", "b"], ["r"], { width: 700, height: 600 });
    expect(v.zoom).toBeCloseTo(560 / 700); // 0.8: the 700 px box in the 560 px between the paddings
    expect(350 * v.zoom + v.x).toBeCloseTo(350);
  });
  it("top levels wider than the pane at the floor: opens at the floor, framed on the root", () => {
    // twelve children in a row, 3 600 px wide; the root sits above the ninth
    const wide = new Map<string, { x: number; y: number }>([["r", { x: 2500, y: 0 }]]);
    const kids = Array.from({ length: 12 }, (_, i) => `c${i}`);
    kids.forEach((id, i) => wide.set(id, { x: i * 300, y: 300 }));
    const v = openingViewport(wide, ["r", ...kids], ["r"], pane);
    expect(v.zoom).toBe(OPEN_MIN_ZOOM);
    // the root's centre is in the middle across (the levels fit down, so they are centred down)
    expect((2500 + NODE_WIDTH / 2) * v.zoom + v.x).toBeCloseTo(500);
    expect(225 * v.zoom + v.y).toBeCloseTo(300);
    const rootLeft = 2500 * v.zoom + v.x;
    expect(rootLeft).toBeGreaterThan(0);
    expect(rootLeft + NODE_WIDTH * v.zoom).toBeLessThan(pane.width);
  });
  it("top levels taller than the pane at the floor: the top of the tree at the top padding", () => {
    const tall = new Map([
      ["r", { x: 0, y: 0 }],
      ["a", { x: 0, y: 600 }],
    ]);
    const v = openingViewport(tall, ["r", "a"], ["r"], { width: 1000, height: 400 });
    expect(v.zoom).toBe(OPEN_MIN_ZOOM);
    expect(0 * v.zoom + v.y).toBeCloseTo(40);
  });
  it("an unmeasured pane or no nodes gives the identity viewport", () => {
    expect(openingViewport(small, ["r"], ["r"], { width: 0, height: 0 })).toEqual({ x: 0, y: 0, zoom: 1 });
    expect(openingViewport(small, [], [], pane)).toEqual({ x: 0, y: 0, zoom: 1 });
  });
});
