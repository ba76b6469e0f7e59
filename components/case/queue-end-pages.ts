// The lists of the end-of-queue page (what is left to rate, flagged, commented), a page each:
// a full review leaves thousands of items in one list, so each list shows LINKS_PAGE links and
// its own pager (search parameter = the list's key), independent of the others.
import { pageOf, pageParam } from "../data-table/search-params";

export const QUEUE_END_LISTS = ["unrated", "flagged", "commented"] as const;
export type QueueEndList = (typeof QUEUE_END_LISTS)[number];

/** Links a list shows at once. */
export const LINKS_PAGE = 100;

export function queueEndPages<T>(
  lists: Record<QueueEndList, readonly T[]>,
  search: Record<string, string | string[] | undefined>,
): { key: QueueEndList; items: readonly T[]; shown: { rows: T[]; page: number } }[] {
  return QUEUE_END_LISTS.map((key) => ({ key, items: lists[key], shown: pageOf(lists[key], pageParam(search[key]), LINKS_PAGE) }));
}
