// The case screen's two columns at xl (≥ 1280 px): both exactly fill the window under the app
// header and the one-line case header, so nothing on the screen needs the page to scroll.
// 6.75rem = app header + the page's top padding (pulled in by CasePage) + the case header.
const FILL = "xl:h-[calc(100dvh-6.75rem)]";

export const CASE_GRID = "grid gap-5 xl:grid-cols-[minmax(0,5fr)_minmax(0,7fr)]";
export const CASE_COLUMN = `space-y-4 xl:overflow-y-auto xl:pr-2 ${FILL}`;
export const RECORD_COLUMN = "min-w-0";
export const RECORD_HEIGHT = `h-[80vh] min-h-[28rem] ${FILL}`;
