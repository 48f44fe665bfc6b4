"use client";
import { compactSelectClass, inputClass } from "@/components/ui/field";

export type FeatureFilter = {
  search: string;
  status: "all" | "on" | "off";
  type: "all" | "STANDARD" | "MULTIVARIATE";
};

export function FeatureFilters({
  filter,
  onChange,
}: {
  filter: FeatureFilter;
  onChange: (f: FeatureFilter) => void;
}) {
  return (
    <div role="search" className="flex flex-wrap items-center gap-2">
      <div className="relative min-w-[12rem] flex-1">
        <svg
          aria-hidden
          viewBox="0 0 20 20"
          className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 fill-zinc-400"
        >
          <path d="M8.5 3a5.5 5.5 0 0 1 4.4 8.8l3.7 3.6-1.2 1.2-3.6-3.7A5.5 5.5 0 1 1 8.5 3Zm0 1.7a3.8 3.8 0 1 0 0 7.6 3.8 3.8 0 0 0 0-7.6Z" />
        </svg>
        <input
          type="search"
          aria-label="Search features"
          placeholder="Search by name or description"
          value={filter.search}
          onChange={(e) => onChange({ ...filter, search: e.target.value })}
          className={`${inputClass} pl-8`}
        />
      </div>
      <select
        aria-label="Filter by state"
        value={filter.status}
        onChange={(e) => onChange({ ...filter, status: e.target.value as FeatureFilter["status"] })}
        className={compactSelectClass}
      >
        <option value="all">On and off</option>
        <option value="on">On only</option>
        <option value="off">Off only</option>
      </select>
      <select
        aria-label="Filter by type"
        value={filter.type}
        onChange={(e) => onChange({ ...filter, type: e.target.value as FeatureFilter["type"] })}
        className={compactSelectClass}
      >
        <option value="all">All types</option>
        <option value="STANDARD">Standard</option>
        <option value="MULTIVARIATE">Multivariate</option>
      </select>
    </div>
  );
}
