import { describe, expect, it } from "vitest";
import { orderRaters, storedRaterOrder } from "./rater-order";

const at = (s: string) => new Date(`2026-01-0${s}T00:00:00Z`);

describe("orderRaters", () => {
  const accounts = [
    { userId: "c", createdAt: at("3") },
    { userId: "a", createdAt: at("2") },
    { userId: "b", createdAt: at("2") },
    { userId: "d", createdAt: at("1") },
  ];

  it("orders by account creation, ties by id, without a stored order", () => {
    expect(orderRaters(accounts)).toEqual(["d", "a", "b", "c"]);
  });

  it("puts the stored order first and the rest after it by creation", () => {
    expect(orderRaters(accounts, ["c", "a"])).toEqual(["c", "a", "d", "b"]);
  });

  it("skips stored ids without an account and repeated ids", () => {
    expect(orderRaters(accounts, ["x", "b", "b", "d"])).toEqual(["b", "d", "a", "c"]);
  });
});

describe("storedRaterOrder", () => {
  it("accepts a list of strings only", () => {
    expect(storedRaterOrder(["a", "b"])).toEqual(["a", "b"]);
    expect(storedRaterOrder(null)).toBeNull();
    expect(storedRaterOrder([1, "a"])).toBeNull();
    expect(storedRaterOrder({ a: 1 })).toBeNull();
  });
});
