"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useOptimistic, useTransition } from "react";
import { tableHref, type PageSize, type TableSort } from "./search-params";

/** Everything the URL says about a table view. Filters hold undefined for "all". */
export interface TableView {
  page: number;
  pageSize: number;
  sort?: TableSort;
  search?: string;
  filters: Record<string, string | undefined>;
}

interface Options {
  defaultSize?: PageSize;
  defaultSort?: TableSort;
  filterIds: readonly string[];
}

/**
 * Owns navigation for one table. The server is the source of truth (it parses
 * the URL and queries), so every interaction is a `router.replace` — replace, not
 * push, so the back button leaves the list instead of undoing each click.
 *
 * The view is optimistic: controls reflect a click immediately while the
 * transition fetches the new page, and successive clicks (next, next) build on
 * each other instead of on stale props. React drops the optimistic value when
 * the transition settles and the fresh props arrive.
 */
export function useTableUrl(current: TableView, options: Options) {
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const [isPending, startTransition] = useTransition();
  const [view, setView] = useOptimistic(current);
  const { defaultSize, defaultSort, filterIds } = options;

  const navigate = useCallback(
    (next: TableView) => {
      const href = tableHref(pathname, next, {
        // Keep params other features of the page own (tabs, selected item, …).
        base: searchParams.toString(),
        defaultSize,
        defaultSort,
        filterIds,
      });
      startTransition(() => {
        setView(next);
        // scroll: false — re-sorting should not throw the reader back to the top.
        router.replace(href, { scroll: false });
      });
    },
    [pathname, searchParams, defaultSize, defaultSort, filterIds, router, setView],
  );

  return { view, navigate, isPending };
}
