// Server-render test: closed, the confirmation is only its trigger (the dialog itself is portalled
// on open; its keyboard behaviour is covered in e2e/accounts-admin.spec.ts and e2e/account.spec.ts).
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

describe("ConfirmDialog", () => {
  it("renders its trigger as a dialog opener and nothing of the dialog while closed", () => {
    const html = renderToStaticMarkup(
      <ConfirmDialog
        trigger={<Button variant="danger">Revoke</Button>}
        title="Revoke this invitation?"
        confirm="Revoke"
        cancel="Cancel"
        onConfirm={async () => null}
      />,
    );
    expect(html).toMatch(
      /^<button type="button" class="[^"]*text-red-800[^"]*" aria-haspopup="dialog" aria-expanded="false"[^>]*data-state="closed">Revoke<\/button>$/,
    );
    expect(html).not.toContain("Revoke this invitation?");
  });

  it("renders nothing without a trigger until it is opened", () => {
    expect(
      renderToStaticMarkup(
        <ConfirmDialog open={false} title="Change this role?" confirm="Change role" cancel="Cancel" onConfirm={async () => null} />,
      ),
    ).toBe("");
  });
});
