// Server-render checks of the date list's window: a long admission renders only the days near
// the top, plus the one holding the tab stop, in a list as tall as all of them.
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { withIntl } from "@/tests/support/intl";
import { DateNav } from "./date-nav";
import type { DayEntry } from "./group";

const days: DayEntry[] = Array.from({ length: 300 }, (_, i) => ({
  day: i,
  key: new Date(Date.UTC(2031, 0, 1 + i)).toISOString().slice(0, 10),
  gaDays: 200 + i,
  total: 3,
  visible: 3,
  evidence: i === 7 ? 1 : 0,
  headerRow: i * 4,
}));

function render(activeDay: number) {
  return renderToString(withIntl(<DateNav entries={days} activeDay={activeDay} onSelect={() => {}} locale="en-GB" />)).replaceAll(
    "<!-- -->",
    "",
  );
}

const positions = (html: string) => [...html.matchAll(/<li[^>]*aria-posinset="(\d+)"/g)].map((m) => Number(m[1]));

describe("DateNav (server render)", () => {
  it("renders the first screen of days and their overscan, in a list as tall as every day", () => {
    const html = render(0);
    expect(positions(html)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(html).toContain(`height:${300 * 44}px`);
    expect(html).toMatch(/<li[^>]*style="top:88px;height:44px"[^>]*aria-setsize="300" aria-posinset="3"/);
    expect(html.match(/tabindex="0"/g)).toHaveLength(1);
  });

  it("also renders the day that holds the tab stop when it is far below, in order", () => {
    const html = render(250);
    expect(positions(html)).toEqual([...Array.from({ length: 15 }, (_, i) => i + 1), 251]);
    expect(html).toMatch(
      /<li[^>]*style="top:11000px;height:44px"[^>]*aria-posinset="251"><button[^>]*tabindex="0"[^>]*aria-current="true"/,
    );
  });
});
