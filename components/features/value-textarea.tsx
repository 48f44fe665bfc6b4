"use client";
// Multi-line editing of a JSON value or long text: monospace, grows with its content, and for
// JSON a Format button. What is typed is what is saved; validation is the caller's (its
// message is passed in and tied to the field).
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { formatJson, jsonError } from "@/lib/dashboard/values";

type ValueTextareaProps = {
  id: string;
  text: string;
  isJson: boolean;
  error?: string | null;
  disabled?: boolean;
  /** Focus the field as it appears (it replaced a one-line input being typed in). */
  takeFocus?: boolean;
  onTextChange: (text: string) => void;
};

const MIN_ROWS = 4;
const MAX_ROWS = 20;

export function ValueTextarea({
  id,
  text,
  isJson,
  error,
  disabled,
  takeFocus,
  onTextChange,
}: ValueTextareaProps) {
  const focused = useRef(false);
  const rows = Math.min(MAX_ROWS, Math.max(MIN_ROWS, text.split("\n").length + 1));
  const valid = isJson && text.trim() !== "" && jsonError(text) === null;
  return (
    <div className="min-w-0 flex-1 space-y-1.5">
      <textarea
        id={id}
        ref={(el) => {
          if (el && takeFocus && !focused.current) {
            focused.current = true;
            el.focus();
            el.setSelectionRange(el.value.length, el.value.length);
          }
        }}
        value={text}
        rows={rows}
        disabled={disabled}
        spellCheck={false}
        placeholder={isJson ? '{"key": "value"}' : "No value"}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : `${id}-status`}
        onChange={(e) => onTextChange(e.target.value)}
        className={`${inputClass} resize-y font-mono text-xs leading-relaxed`}
      />
      <div className="flex items-center justify-between gap-3">
        <span id={`${id}-status`} className="text-xs text-zinc-600 dark:text-zinc-400">
          {valid ? "Valid JSON" : isJson ? "" : `${text.length} characters`}
        </span>
        {isJson && (
          <Button
            size="sm"
            variant="ghost"
            disabled={disabled || !valid}
            onClick={() => onTextChange(formatJson(text))}
          >
            Format
          </Button>
        )}
      </div>
    </div>
  );
}
