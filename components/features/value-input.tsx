"use client";
// A value with its type: text, integer, decimal or boolean, validated as typed.
import { useId, useRef } from "react";
import { inputBase, inputClass } from "@/components/ui/field";
import { VALUE_KINDS, type ValueKind } from "@/lib/dashboard/values";
import { ValueTextarea } from "./value-textarea";

/** Text past this length, or on several lines, is edited in a multi-line field. */
const LONG_TEXT = 60;
const isLong = (text: string) => text.length > LONG_TEXT || text.includes("\n");

type ValueInputProps = {
  label: string;
  kind: ValueKind;
  text: string;
  onKindChange: (kind: ValueKind) => void;
  onTextChange: (text: string) => void;
  error?: string | null;
  disabled?: boolean;
};

export function ValueInput({
  label,
  kind,
  text,
  onKindChange,
  onTextChange,
  error,
  disabled,
}: ValueInputProps) {
  const id = useId();
  // Set when typing makes a one-line input long: the textarea replacing it takes the focus.
  const grewWhileTyping = useRef(false);
  const multiline = kind === "json" || (kind === "string" && isLong(text));
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <div className={`flex gap-2 ${multiline ? "items-start" : ""}`}>
        <select
          aria-label={`${label} type`}
          value={kind}
          disabled={disabled}
          onChange={(e) => {
            const next = e.target.value as ValueKind;
            onKindChange(next);
            if (next === "boolean" && text !== "true" && text !== "false") onTextChange("true");
            grewWhileTyping.current = false;
          }}
          className={`${inputBase} block w-32 shrink-0`}
        >
          {VALUE_KINDS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </select>
        {kind === "boolean" ? (
          <select
            id={id}
            value={text}
            disabled={disabled}
            onChange={(e) => onTextChange(e.target.value)}
            className={inputClass}
          >
            <option value="true">true</option>
            <option value="false">false</option>
          </select>
        ) : multiline ? (
          <ValueTextarea
            id={id}
            text={text}
            isJson={kind === "json"}
            error={error}
            disabled={disabled}
            takeFocus={grewWhileTyping.current}
            onTextChange={onTextChange}
          />
        ) : (
          <input
            id={id}
            value={text}
            disabled={disabled}
            inputMode={kind === "integer" ? "numeric" : kind === "float" ? "decimal" : undefined}
            placeholder={kind === "string" ? "No value" : kind === "integer" ? "42" : "1.5"}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              grewWhileTyping.current = kind === "string" && isLong(e.target.value);
              onTextChange(e.target.value);
            }}
            className={`${inputClass} ${kind === "string" ? "" : "font-mono"}`}
          />
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-xs text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}
