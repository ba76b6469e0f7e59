"use client";

import { useLocale, useTranslations } from "@/lib/i18n/client";
import { useEffect, useEffectEvent, useId, useRef, useState } from "react";
import { Button } from "../ui/button";
import { formatCount } from "./search-params";

export interface DataTableFilter {
  /** Search-param name; must not be page, size, sort or q. */
  id: string;
  label: string;
  /** `count`: rows with this value, shown after the label in the reader's number format. */
  options: { value: string; label: string; count?: number }[];
  /** Current value from the URL; undefined means "All". */
  value?: string;
}

interface ToolbarProps {
  searchable: boolean;
  search?: string;
  searchLabel: string;
  searchPlaceholder?: string;
  filters: readonly DataTableFilter[];
  filterValues: Record<string, string | undefined>;
  onSearch: (q: string) => void;
  onFilter: (id: string, value: string | undefined) => void;
  onClear: () => void;
}

/** Long enough to finish a word, short enough to feel live. */
const SEARCH_DEBOUNCE_MS = 300;

const controlClass =
  "h-9 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-800 placeholder:text-slate-400 " +
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700";

function SearchBox(props: { value?: string; label: string; placeholder?: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(props.value ?? "");
  // What we last sent to the URL, so the echo of our own navigation does not
  // overwrite characters typed while the server was answering.
  const sent = useRef(props.value ?? "");

  // The URL changed elsewhere (back button, "Clear"): show that instead.
  useEffect(() => {
    const value = props.value ?? "";
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [props.value]);

  const submit = useEffectEvent((q: string) => {
    if (q === sent.current) return;
    sent.current = q;
    props.onSearch(q);
  });

  useEffect(() => {
    const timer = setTimeout(() => submit(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <form
      role="search"
      className="min-w-56 flex-1 sm:max-w-sm"
      onSubmit={(e) => {
        // Enter searches at once rather than waiting out the debounce.
        e.preventDefault();
        submit(text.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {props.label}
      </label>
      <input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={props.placeholder}
        autoComplete="off"
        spellCheck={false}
        className={`${controlClass} w-full`}
      />
    </form>
  );
}

export function DataTableToolbar(props: ToolbarProps) {
  const baseId = useId();
  const t = useTranslations("dataTable.filters");
  const locale = useLocale();
  const active = !!props.search || Object.values(props.filterValues).some(Boolean);
  if (!props.searchable && props.filters.length === 0) return null;

  return (
    <div className="flex flex-wrap items-end gap-3 pb-3">
      {props.searchable ? (
        <SearchBox value={props.search} label={props.searchLabel} placeholder={props.searchPlaceholder} onSearch={props.onSearch} />
      ) : null}

      {props.filters.map((filter) => {
        const id = `${baseId}-${filter.id}`;
        return (
          <div key={filter.id} className="flex flex-col gap-1">
            <label htmlFor={id} className="text-xs font-medium text-slate-600">
              {filter.label}
            </label>
            <select
              id={id}
              value={props.filterValues[filter.id] ?? ""}
              onChange={(e) => props.onFilter(filter.id, e.target.value || undefined)}
              className={controlClass}
            >
              <option value="">{t("all")}</option>
              {filter.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.count === undefined
                    ? option.label
                    : t("option", { label: option.label, count: formatCount(option.count, locale) })}
                </option>
              ))}
            </select>
          </div>
        );
      })}

      {active ? (
        <Button variant="link" onClick={props.onClear} className="h-9 px-3 font-normal">
          {t("clear")}
        </Button>
      ) : null}
    </div>
  );
}
