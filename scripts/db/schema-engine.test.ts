import { describe, expect, it } from "vitest";
import { checkMigrations } from "./check";
import { diffModels, hasStatements } from "./schema-engine";
import { normalizeModels, PROVIDERS, schemaFiles } from "./schema-files";

const BASE = `model Note {\n  id   Int    @id\n  text String\n}\n`;
const ADDED = `model Note {\n  id    Int     @id\n  text  String\n  title String?\n}\n`;

describe.each(PROVIDERS)("offline schema engine (%s)", (provider) => {
  it("renders a new column as SQL without any database", async () => {
    const sql = await diffModels(provider, schemaFiles(provider, BASE), schemaFiles(provider, ADDED));
    expect(sql).toMatch(/ALTER TABLE "Note" ADD COLUMN\s+"title" TEXT/);
  });
  it("renders the first migration from nothing", async () => {
    expect(await diffModels(provider, null, schemaFiles(provider, BASE))).toMatch(/CREATE TABLE "Note"/);
  });
  it("produces no statements when the models are the same", async () => {
    const sql = await diffModels(provider, schemaFiles(provider, BASE), schemaFiles(provider, BASE));
    expect(hasStatements(sql)).toBe(false);
  });
});

describe("migration bookkeeping", () => {
  it("tells comment-only edits from real changes", () => {
    expect(normalizeModels(`// c\n${BASE}`)).toBe(normalizeModels(BASE));
    expect(normalizeModels(ADDED)).not.toBe(normalizeModels(BASE));
  });
  it("the committed migrations match prisma/models.prisma for every provider", async () => {
    expect(await checkMigrations()).toEqual([]);
  });
});
