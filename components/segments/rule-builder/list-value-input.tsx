"use client";
// The value of an IN condition: a list of values, stored comma-separated. Enter or a
// comma adds what was typed; Backspace on an empty field removes the last value.
import { useState } from "react";
import { inputBase } from "@/components/ui/field";
import { splitList } from "@/lib/dashboard/segment-rules";

type ListValueInputProps = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  invalid?: boolean;
  describedBy?: string;
  label: string;
};

export function ListValueInput({ id, value, onChange, invalid, describedBy, label }: ListValueInputProps) {
  const items = splitList(value);
  const [text, setText] = useState("");
  const commit = (raw: string) => {
    const added = raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    if (!added.length) return;
    onChange([...items, ...added.filter((a) => !items.includes(a))].join(","));
    setText("");
  };
  const remove = (index: number) => onChange(items.filter((_, i) => i !== index).join(","));

  return (
    <div
      className={`${inputBase} flex w-full min-h-[34px] flex-wrap items-center gap-1 py-1`}
      aria-invalid={invalid || undefined}
    >
      {items.map((item, i) => (
        <span
          key={`${item}-${i}`}
          className="inline-flex max-w-full items-center gap-1 rounded bg-indigo-50 px-1.5 py-0.5 font-mono text-xs break-all text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300"
        >
          {item}
          <button
            type="button"
            aria-label={`Remove ${item}`}
            onClick={() => remove(i)}
            className="rounded text-indigo-400 hover:text-indigo-700 dark:hover:text-indigo-200"
          >
            ×
          </button>
        </span>
      ))}
      <input
        id={id}
        aria-label={label}
        aria-describedby={describedBy}
        value={text}
        placeholder={items.length ? "" : "Type a value, then Enter"}
        onChange={(e) => {
          if (e.target.value.includes(",")) commit(e.target.value);
          else setText(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            commit(text);
          } else if (e.key === "Backspace" && !text && items.length) remove(items.length - 1);
        }}
        onBlur={() => commit(text)}
        className="min-w-[6rem] flex-1 bg-transparent font-mono text-sm outline-none"
      />
    </div>
  );
}
