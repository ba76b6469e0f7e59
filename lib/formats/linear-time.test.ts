// Readers of uploaded text run inside the web server: each must take time linear in its input,
// including the shapes that made their former regexes quadratic (issue 31, finding 2).
import { describe, it } from "vitest";
import { expectLinearTime, fill } from "@/tests/support/linear-time";
import { transformString } from "./ehrnoteqa";
import { attachmentText, htmlToText } from "./fhir/resource";
import { parseSourceOption } from "./source-option";

const base64Attachment = (data: string) => attachmentText({ contentType: "text/plain", data });

describe("format readers run in linear time", () => {
  it.each([
    ["spaces", (n: number) => `a${fill(" ", n)}b`],
    ["tabs and no-break spaces", (n: number) => `a${fill("\t\u00a0", n)}b`],
    ["line breaks among spaces", (n: number) => `a${fill("  \n", n)}  b`],
  ])("a discharge note's whitespace: %s", (_, shape) => expectLinearTime(shape, transformString));

  it.each([
    ["spaces", (n: number) => `Note #1 Headers: Allergies${fill(" ", n)}x`],
    ["line breaks and spaces", (n: number) => `Note #1 Headers: Allergies${fill("\n       ", n)}x`],
  ])("an evidence option's headers: %s", (_, shape) => expectLinearTime(shape, parseSourceOption));

  it.each([
    ["unclosed <script>s", (n: number) => fill("<script ", n)],
    ["unclosed <style>s and a <script>", (n: number) => `${fill("<style ", n)}<script>`],
    ["'<'s", (n: number) => `<p>${fill("<", n)}`],
    ["spaces not before a line break", (n: number) => `<p>a${fill(" \t", n)}b</p>`],
  ])("a narrative: %s", (_, shape) => expectLinearTime(shape, htmlToText));

  it.each([
    ["spaces then a stray character", (n: number) => `QUJD${fill(" ", n)}!`],
    ["line breaks then a stray character", (n: number) => `QUJD${fill("\n", n)}=!`],
  ])("attachment data: %s", (_, shape) => expectLinearTime(shape, base64Attachment));
});
