"use client";
import { useId, type ReactNode } from "react";
import { inputClass } from "@/components/ui/field";
import type { MultivariateOption } from "@/lib/dashboard/types";
import { valueFromObject } from "@/lib/dashboard/values";
import { FeatureValue } from "../feature-value";

type AllocationRowProps = {
  option: MultivariateOption;
  /** What the person typed, shown as is. */
  text: string;
  /** The share the slider shows (0 while the text is not a valid share). */
  share: number;
  error: string | null;
  onChange: (text: string) => void;
  onRemove: () => void;
  children?: ReactNode;
};

export function AllocationRow({
  option,
  text,
  share,
  error,
  onChange,
  onRemove,
  children,
}: AllocationRowProps) {
  const errorId = useId();
  const value = valueFromObject(option);
  const name = option.key ? `Variation ${option.key}` : `Variation ${String(value)}`;
  return (
    <li
      data-testid="variation"
      className="grid items-center gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_6rem_auto]"
    >
      <div className="min-w-0">
        <FeatureValue value={value} />
        {option.key && (
          <span className="ml-2 font-mono text-xs text-zinc-500 dark:text-zinc-400">{option.key}</span>
        )}
        <div>{children}</div>
      </div>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={share}
        aria-label={`${name} share (slider)`}
        onChange={(e) => onChange(e.target.value)}
      />
      <div className="relative">
        <input
          aria-label={`${name} share`}
          inputMode="decimal"
          value={text}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => onChange(e.target.value)}
          className={`${inputClass} pr-6 text-right font-mono`}
        />
        <span aria-hidden className="pointer-events-none absolute top-1.5 right-2 text-sm text-zinc-400">
          %
        </span>
      </div>
      <button
        type="button"
        onClick={onRemove}
        aria-label={`Remove ${name.toLowerCase()}`}
        className="rounded px-2 py-1 text-sm text-zinc-500 dark:text-zinc-400 hover:bg-zinc-100 hover:text-red-600 dark:hover:text-red-400 dark:hover:bg-zinc-800"
      >
        Remove
      </button>
      {error && (
        <p id={errorId} className="text-sm text-red-700 sm:col-span-4 sm:col-start-3 dark:text-red-400">
          {error}
        </p>
      )}
    </li>
  );
}
