// Server-render tests: a field's label, hint and error are wired to its control for assistive tech.
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { elements } from "@/tests/support/markup";
import { Field, SelectField, TextField } from "./field";

describe("Field", () => {
  it("labels the control and describes it by its hint", () => {
    const html = renderToStaticMarkup(
      <Field label="Role map" id="roleMap" hint="One claim value per line">
        <textarea name="roleMap" />
      </Field>,
    );
    expect(html).toContain('<label for="roleMap"');
    expect(html).toContain('<textarea name="roleMap" id="roleMap" aria-describedby="roleMap-hint">');
    expect(html).toMatch(/<p id="roleMap-hint"[^>]*>One claim value per line<\/p>/);
    expect(html).not.toContain("aria-invalid");
  });

  it("marks the control invalid and reads the error before the hint", () => {
    const html = renderToStaticMarkup(
      <Field label="Role map" id="roleMap" hint="One per line" error="Line 2: unknown role">
        <textarea name="roleMap" />
      </Field>,
    );
    expect(html).toContain('aria-invalid="true" aria-describedby="roleMap-error roleMap-hint"');
    expect(html).toMatch(/<p id="roleMap-error"[^>]*>Line 2: unknown role<\/p>/);
    expect(html).toContain("One per line");
  });

  it("keeps a description the control already had", () => {
    const html = renderToStaticMarkup(
      <Field label="Files" id="files" hint="Up to 2 GB">
        <input type="file" aria-describedby="format-note" />
      </Field>,
    );
    expect(html).toContain('aria-describedby="files-hint format-note"');
  });

  it("has no description at all when there is neither hint nor error", () => {
    const html = renderToStaticMarkup(<TextField label="Email" name="email" type="email" />);
    expect(html).toMatch(/<input [^>]*id="email"/);
    expect(html).toMatch(/<input [^>]*name="email"/);
    expect(html).not.toContain("aria-describedby");
  });

  it("wires a select the same way and places its wrapper", () => {
    const html = renderToStaticMarkup(
      <SelectField label="Role" name="role" error="Pick a role" containerClassName="sm:col-span-3">
        <option value="CLINICIAN">Clinician</option>
      </SelectField>,
    );
    const [wrapper] = elements(html);
    expect(wrapper!.tag).toBe("div");
    expect(wrapper!.classes).toContain("sm:col-span-3");
    expect(html).toContain('id="role" aria-invalid="true" aria-describedby="role-error"');
  });
});
