// The case screen's two columns at xl (≥ 1280 px): both exactly fill the window under the app
// header and the one-line case header, so nothing on the screen needs the page to scroll.
// 6.75rem = app header + the page's top padding (pulled in by CasePage) + the case header.
const FILL = "xl:h-[calc(100dvh-6.75rem)]";

export const CASE_GRID = "grid gap-5 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]";
// `relative`: the column's absolutely placed screen-reader text stays inside its scroll area
// (without it, the page grew by the column's whole scroll height). The scroll padding is the
// pinned rating bar's height (--pinned-height, set by RatingPanel), so Tab and "show" scrolls
// stop above the bar, never under it.
export const CASE_COLUMN = `relative space-y-4 xl:overflow-y-auto xl:pr-2 xl:scroll-pb-[calc(var(--pinned-height,0px)+0.5rem)] focus-visible:outline-2 focus-visible:outline-teal-700 ${FILL}`;
export const RECORD_COLUMN = "min-w-0";
export const RECORD_HEIGHT = `h-[80vh] min-h-[28rem] ${FILL}`;
