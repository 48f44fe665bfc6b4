// Trait values drawn from segment conditions, to make identities that fall in and out of
// each segment: for every property, the values its conditions name (or just past them).
import type { SCondition, SRule, SScalar } from "./source-types";

function typed(raw: string): SScalar {
  if (raw === "true" || raw === "false") return raw === "true";
  if (/^-?\d+$/.test(raw) && Math.abs(Number(raw)) < 2 ** 31) return Number(raw);
  if (/^-?\d+\.\d+$/.test(raw)) return Number(raw);
  return raw;
}

function candidates(c: SCondition): SScalar[] {
  const raw = c.value ?? "";
  switch (c.operator) {
    case "IN":
      return raw
        .split(",")
        .slice(0, 2)
        .map((v) => typed(v.trim()));
    case "MODULO": {
      const [divisor, remainder] = raw.split("|").map(Number);
      return Number.isFinite(divisor) && Number.isFinite(remainder) ? [remainder, remainder + 1] : [];
    }
    case "GREATER_THAN":
    case "LESS_THAN":
    case "GREATER_THAN_INCLUSIVE":
    case "LESS_THAN_INCLUSIVE": {
      const version = raw.replace(/:semver$/, "");
      if (version !== raw) return [version];
      const n = Number(raw);
      return Number.isFinite(n) ? [n - 1, n, n + 1] : [raw];
    }
    case "IS_SET":
    case "IS_NOT_SET":
    case "PERCENTAGE_SPLIT":
      return ["set"];
    case "REGEX":
      return [];
    default:
      return raw ? [typed(raw.replace(/:semver$/, "")), `${raw}-other`] : [];
  }
}

function walk(rules: SRule[], out: Map<string, SScalar[]>) {
  for (const rule of rules) {
    for (const c of rule.conditions ?? []) {
      if (!c.property) continue;
      const list = out.get(c.property) ?? [];
      for (const v of candidates(c)) if (!list.some((x) => x === v)) list.push(v);
      out.set(c.property, list);
    }
    walk(rule.rules ?? [], out);
  }
}

/** `count` trait sets: identity i takes, per property p, value (i + p) mod (values + 1), the last meaning none. */
export function sampleTraitSets(segments: { rules?: SRule[] }[], count: number): Record<string, SScalar>[] {
  const values = new Map<string, SScalar[]>();
  walk(
    segments.flatMap((s) => s.rules ?? []),
    values,
  );
  const properties = [...values.entries()];
  return Array.from({ length: count }, (_, i) => {
    const traits: Record<string, SScalar> = {};
    properties.forEach(([property, list], p) => {
      const pick = (i + p) % (list.length + 1);
      if (pick < list.length) traits[property] = list[pick];
    });
    return traits;
  });
}
