import { describe, expect, it } from "vitest";
import { cleanDrugName, directoryCandidates, directoryMatchText, matchDrugNames, type DirectoryProduct } from "./extraction-drugs";

// Rows of the project's starter file (fixtures/drug-directory/starter.csv).
const PRODUCTS: DirectoryProduct[] = [
  { product_ndc: "0074-4339", brand_name: "Humira", generic_name: "adalimumab" },
  { product_ndc: "0074-0554", brand_name: "Humira", generic_name: "adalimumab" },
  { product_ndc: "58406-0445", brand_name: "Enbrel", generic_name: "etanercept" },
  { product_ndc: "0069-1001", brand_name: "Xeljanz", generic_name: "tofacitinib citrate" },
  { product_ndc: "0074-2100", brand_name: "Skyrizi", generic_name: "risankizumab-rzaa" },
  { product_ndc: "68180-0338", brand_name: "Metformin Hydrochloride Extended-Release", generic_name: "metformin hydrochloride" },
];

describe("drug directory matching", () => {
  it("matches a generic name exactly: canonical generic, all its brands and product NDCs", () => {
    expect(matchDrugNames(["adalimumab"], PRODUCTS)).toEqual([
      {
        name: "adalimumab",
        matched: true,
        matched_on: "generic",
        generic_name: "adalimumab",
        brand_names: ["Humira"],
        product_ndcs: ["0074-0554", "0074-4339"],
        rxcuis: [],
      },
    ]);
  });

  it("ignores case", () => {
    const [m] = matchDrugNames(["ETANERCEPT"], PRODUCTS);
    expect(m).toMatchObject({ name: "ETANERCEPT", matched: true, generic_name: "etanercept", brand_names: ["Enbrel"], product_ndcs: ["58406-0445"] });
  });

  it("maps a brand to its generic, through strength, form and salt noise, and keeps the name as written", () => {
    const [humira, xeljanz, metformin] = matchDrugNames(["HUMIRA 40 mg/0.8 mL pen", "Xeljanz 5 mg tablets", "metformin ER 500 mg"], PRODUCTS);
    expect(humira).toMatchObject({ name: "HUMIRA 40 mg/0.8 mL pen", matched: true, matched_on: "brand", generic_name: "adalimumab" });
    expect(xeljanz).toMatchObject({ matched: true, matched_on: "brand", generic_name: "tofacitinib citrate", product_ndcs: ["0069-1001"] });
    expect(metformin).toMatchObject({ matched: true, matched_on: "generic", generic_name: "metformin hydrochloride" });
  });

  it("reads 'Brand (generic)' as both; a parenthesis naming another drug is unmatched, not guessed", () => {
    expect(matchDrugNames(["Humira (adalimumab)"], PRODUCTS)[0]).toMatchObject({ matched: true, generic_name: "adalimumab" });
    expect(matchDrugNames(["Humira (etanercept)"], PRODUCTS)[0]).toMatchObject({ matched: false, generic_name: null });
  });

  it("keeps an unknown name as written, marked unmatched; never merges a biosimilar or a partial name", () => {
    const out = matchDrugNames(["Amjevita", "adalimumab-adaz", "risankizumab", "adalim", "Amjevita"], PRODUCTS);
    expect(out.map((m) => [m.name, m.matched])).toEqual([
      ["Amjevita", false],
      ["adalimumab-adaz", false],
      ["risankizumab", false],
      ["adalim", false],
    ]);
    expect(out[0]).toEqual({ name: "Amjevita", matched: false, matched_on: null, generic_name: null, brand_names: [], product_ndcs: [], rxcuis: [] });
  });

  it("adds the RxCUIs known for the generic; describes a match in one line", () => {
    const [m] = matchDrugNames(["Humira"], PRODUCTS, new Map([["adalimumab", ["1602520"]]]));
    expect(m!.rxcuis).toEqual(["1602520"]);
    expect(directoryMatchText(m!)).toBe("adalimumab (Humira) · 2 NDCs · RxCUI 1602520");
    expect(directoryMatchText(matchDrugNames(["Amjevita"], PRODUCTS)[0]!)).toBe("Not in the drug directory");
  });

  it("cleans names and gives the words to look products up by", () => {
    expect(cleanDrugName("Enbrel 50 mg/mL SureClick autoinjector")).toBe("enbrel sureclick");
    expect(directoryCandidates(["Humira (adalimumab) 40 mg", "x"])).toEqual(["humira", "adalimumab"]);
  });
});
