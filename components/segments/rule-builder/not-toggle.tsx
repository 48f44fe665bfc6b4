"use client";

/** NOT on a condition or a group: pressed, it matches exactly when the unpressed one does not. */
export function NotToggle({
  label,
  pressed,
  onChange,
}: {
  label: string;
  pressed: boolean;
  onChange: (pressed: boolean) => void;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={`NOT ${label.charAt(0).toLowerCase() + label.slice(1)}`}
      onClick={() => onChange(!pressed)}
      className={`h-8 rounded-md border px-2 text-[11px] font-bold tracking-wider ${
        pressed
          ? "border-rose-600 bg-rose-600 text-white dark:border-rose-500 dark:bg-rose-700"
          : "border-zinc-300 text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800"
      }`}
    >
      NOT
    </button>
  );
}
