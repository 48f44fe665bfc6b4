"use client";
import { Checkbox, compactSelectClass, inputClass } from "@/components/ui/field";
import type { FeatureQuery, FeatureSort } from "@/lib/dashboard/feature-query";
import type { FeatureGroupOwner, Tag } from "@/lib/dashboard/types";
import { LIFECYCLE_STAGES } from "@/lib/features/lifecycle";
import { LIFECYCLE_LABELS } from "./lifecycle-badge";

type Props = {
  query: FeatureQuery;
  tags: Tag[];
  /** The signed-in user, offered as "Owned by me". */
  meId: number | undefined;
  /** The organisation's groups, offered as group owners. */
  groups: FeatureGroupOwner[];
  /** Someone reaches for the owner filter: its groups are asked for only then. */
  onOwnersWanted: () => void;
  /** `push`: a new history entry (back restores the previous filter); else the entry is replaced. */
  onChange: (change: Partial<FeatureQuery>, mode: "push" | "replace") => void;
};

/** The owner select's value: `user:<id>`, `group:<id>` or "" (any owner). */
function ownerValue(query: FeatureQuery) {
  if (query.groupOwner !== null) return `group:${query.groupOwner}`;
  return query.owner === null ? "" : `user:${query.owner}`;
}

function ownerChange(value: string): Partial<FeatureQuery> {
  const [kind, id] = value.split(":");
  return { owner: kind === "user" ? Number(id) : null, groupOwner: kind === "group" ? Number(id) : null };
}

export function FeatureFilters({ query, tags, meId, groups, onOwnersWanted, onChange }: Props) {
  const push = (change: Partial<FeatureQuery>) => onChange(change, "push");
  const tag = query.tags[0];
  const knownGroup = groups.some((g) => g.id === query.groupOwner);
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
          value={query.search}
          onChange={(e) => onChange({ search: e.target.value }, "replace")}
          className={`${inputClass} pl-8`}
        />
      </div>
      <select
        aria-label="Filter by state"
        value={query.status}
        onChange={(e) => push({ status: e.target.value as FeatureQuery["status"] })}
        className={compactSelectClass}
      >
        <option value="all">On and off</option>
        <option value="on">On only</option>
        <option value="off">Off only</option>
      </select>
      <select
        aria-label="Filter by type"
        value={query.type}
        onChange={(e) => push({ type: e.target.value as FeatureQuery["type"] })}
        className={compactSelectClass}
      >
        <option value="all">All types</option>
        <option value="STANDARD">Standard</option>
        <option value="MULTIVARIATE">Multivariate</option>
      </select>
      {tags.length > 0 && (
        <select
          aria-label="Filter by tag"
          value={tag === undefined ? "" : String(tag)}
          onChange={(e) => push({ tags: e.target.value ? [Number(e.target.value)] : [] })}
          className={compactSelectClass}
        >
          <option value="">Any tag</option>
          {tags.map((t) => (
            <option key={t.id} value={t.id}>
              {t.label}
            </option>
          ))}
        </select>
      )}
      <select
        aria-label="Filter by owner"
        value={ownerValue(query)}
        onChange={(e) => push(ownerChange(e.target.value))}
        onFocus={onOwnersWanted}
        onPointerEnter={onOwnersWanted}
        className={compactSelectClass}
      >
        <option value="">Any owner</option>
        {meId !== undefined && <option value={`user:${meId}`}>Owned by me</option>}
        {query.owner !== null && query.owner !== meId && (
          <option value={`user:${query.owner}`}>User {query.owner}</option>
        )}
        {(groups.length > 0 || query.groupOwner !== null) && (
          <optgroup label="Groups">
            {groups.map((g) => (
              <option key={g.id} value={`group:${g.id}`}>
                {g.name}
              </option>
            ))}
            {query.groupOwner !== null && !knownGroup && (
              <option value={`group:${query.groupOwner}`}>Group {query.groupOwner}</option>
            )}
          </optgroup>
        )}
      </select>
      <select
        aria-label="Filter by staleness"
        value={query.stale}
        onChange={(e) => push({ stale: e.target.value as FeatureQuery["stale"] })}
        className={compactSelectClass}
      >
        <option value="all">Stale and fresh</option>
        <option value="stale">Stale only</option>
        <option value="fresh">Fresh only</option>
      </select>
      <select
        aria-label="Filter by lifecycle stage"
        value={query.lifecycle}
        onChange={(e) => push({ lifecycle: e.target.value as FeatureQuery["lifecycle"] })}
        className={compactSelectClass}
      >
        <option value="all">Any lifecycle stage</option>
        {LIFECYCLE_STAGES.map((stage) => (
          <option key={stage} value={stage}>
            {LIFECYCLE_LABELS[stage]}
          </option>
        ))}
      </select>
      <select
        aria-label="Sort features"
        value={query.sort}
        onChange={(e) => push({ sort: e.target.value as FeatureSort })}
        className={compactSelectClass}
      >
        <option value="created">Oldest first</option>
        <option value="-created">Newest first</option>
        <option value="name">Name A–Z</option>
        <option value="-name">Name Z–A</option>
        <option value="changed">Last changed: oldest first</option>
        <option value="-changed">Last changed: recent first</option>
      </select>
      <Checkbox
        label="Archived only"
        checked={query.archived}
        onChange={(e) => push({ archived: e.target.checked })}
      />
    </div>
  );
}
