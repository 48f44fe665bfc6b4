"use client";
import { useState } from "react";
import { COPY_FAILED } from "@/lib/dashboard/failure";
import { Button } from "./button";
import { useToast } from "./toast";

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Plain-HTTP origins have no clipboard API: fall back to a hidden textarea.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

type CopyButtonProps = {
  value: string;
  label?: string;
  /** A toast after copying, for secrets worth confirming; a failed copy always says what to do. */
  copiedMessage?: string;
};

export function CopyButton({ value, label = "Copy", copiedMessage }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const toast = useToast();
  return (
    <Button
      size="sm"
      aria-label={`${label}${copied ? " (copied)" : ""}`}
      onClick={async () => {
        if (await copyText(value)) {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
          if (copiedMessage) toast({ message: copiedMessage });
        } else {
          toast({ message: COPY_FAILED });
        }
      }}
    >
      {copied ? "Copied" : label}
    </Button>
  );
}

/** A secret or key shown in monospace with a copy button beside it. */
export function CopyField({ value, label, testId }: { value: string; label: string; testId?: string }) {
  return (
    <div className="flex items-center gap-2">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 truncate rounded-md border border-zinc-200 bg-zinc-50 px-3 py-1.5 font-mono text-sm text-zinc-800 dark:border-zinc-800 dark:bg-zinc-950 dark:text-zinc-200"
      >
        {value}
      </code>
      <CopyButton value={value} label={`Copy ${label}`} />
    </div>
  );
}
