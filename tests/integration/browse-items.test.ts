import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "@/lib/db/client";
import { applyMigrations } from "@/lib/db/migrate";
import { browseItems, itemFacets } from "@/lib/server/datasets/browse-items";
import { importDataset } from "@/lib/server/datasets/import-dataset";
import { DATABASES, target } from "./databases";

// The dataset browser's search finds Chinese text anywhere in a question: Chinese has no spaces
// between words, so the search must be a plain substring match, never a word match.
const FIXTURES = path.resolve("lib/formats/__fixtures__");
const ZH_QUESTION = "根据截至本次就诊的病历，孕妇皮肤瘙痒伴总胆汁酸升高，下一步最合适的处理是什么？";
const ZH_CHAPTER = "妊娠期肝内胆汁淤积症";

function bundle(): string {
  const b = JSON.parse(fs.readFileSync(path.join(FIXTURES, "ehr-decision-mcq.example.json"), "utf8"));
  const english = b.instances[0];
  const chinese = {
    ...english,
    instance_id: "SYN-ICP-0002",
    decision_point_index: 2,
    cutoff: { ...english.cutoff, time: "2031-09-01T23:59:59" },
    chapter: ZH_CHAPTER,
    question: ZH_QUESTION,
  };
  b.instances.push(chinese);
  return JSON.stringify(b);
}

describe.each(DATABASES)("dataset browser search on $name", (database) => {
  afterAll(() => database.dropAll());

  it("finds Chinese text by any substring and filters by a Chinese chapter", async () => {
    const url = await database.create();
    await applyMigrations(target(url));
    const db = createDb(url);
    const text = bundle();
    const outcome = await importDataset(db, null, [
      {
        name: "zh.json",
        open: async function* () {
          yield text;
        },
      },
    ]);
    expect(outcome.status).toBe("imported");
    if (outcome.status !== "imported") return;
    const browse = (search?: string, filters: Record<string, string> = {}) =>
      browseItems(db, outcome.datasetId, { page: 1, pageSize: 25, search, filters });
    const ids = async (search?: string, filters?: Record<string, string>) => (await browse(search, filters)).rows.map((r) => r.externalId);

    expect(await ids()).toEqual(["SYN-ICP-0001", "SYN-ICP-0002"]);
    // Inside a run of characters, across what would be word boundaries, and a single character.
    for (const term of ["胆汁酸", "瘙痒伴总胆", "病历，孕妇", "痒"]) expect(await ids(term), term).toEqual(["SYN-ICP-0002"]);
    expect(await ids("妊娠期高血压")).toEqual([]);
    expect((await browse("胆汁酸")).total).toBe(1);
    // English search is unchanged.
    expect(await ids("most appropriate")).toEqual(["SYN-ICP-0001"]);

    const facets = await itemFacets(db, outcome.datasetId);
    expect(facets.chapter).toEqual(
      expect.arrayContaining([
        { value: ZH_CHAPTER, count: 1 },
        { value: "ICP", count: 1 },
      ]),
    );
    expect(await ids(undefined, { chapter: ZH_CHAPTER })).toEqual(["SYN-ICP-0002"]);
    expect(await ids("胆汁酸", { chapter: "ICP" })).toEqual([]);
    await db.$disconnect();
  });
});
