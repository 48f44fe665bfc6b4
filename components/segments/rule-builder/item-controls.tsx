"use client";
import type { DragEvent } from "react";
// Move up, move down and remove for one condition or group of the rule builder. Dragging by the
// handle does the same as the arrows for pointer users; the arrows are the keyboard's way.

export const DRAG_TYPE = "application/x-ensign-rule";

type ItemControlsProps = {
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove: () => void;
  canRemove: boolean;
};

const iconButton =
  "inline-flex h-8 w-8 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 disabled:invisible dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100";

export function ItemControls({ label, index, count, onMove, onRemove, canRemove }: ItemControlsProps) {
  const name = label.charAt(0).toLowerCase() + label.slice(1);
  return (
    <div className="flex shrink-0 items-center">
      <button
        type="button"
        aria-label={`Move ${name} up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
        className={iconButton}
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M10 5.5 15 11H5l5-5.5Z" />
        </svg>
      </button>
      <button
        type="button"
        aria-label={`Move ${name} down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
        className={iconButton}
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M10 14.5 5 9h10l-5 5.5Z" />
        </svg>
      </button>
      <button
        type="button"
        aria-label={`Remove ${name}`}
        disabled={!canRemove}
        onClick={onRemove}
        className={`${iconButton} hover:text-red-600 dark:hover:text-red-400`}
      >
        <svg aria-hidden viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M5.3 5.3a1 1 0 0 1 1.4 0L10 8.6l3.3-3.3a1 1 0 1 1 1.4 1.4L11.4 10l3.3 3.3a1 1 0 0 1-1.4 1.4L10 11.4l-3.3 3.3a1 1 0 0 1-1.4-1.4L8.6 10 5.3 6.7a1 1 0 0 1 0-1.4Z" />
        </svg>
      </button>
    </div>
  );
}

/** The grip a pointer drags an item by; keyboard users have the move buttons instead. */
export function DragHandle({ itemKey, label }: { itemKey: string; label: string }) {
  return (
    <span
      draggable
      data-testid="drag-handle"
      title={`Drag ${label.charAt(0).toLowerCase() + label.slice(1)} to reorder`}
      onDragStart={(e) => {
        e.dataTransfer.setData(DRAG_TYPE, itemKey);
        e.dataTransfer.effectAllowed = "move";
      }}
      aria-hidden
      className="inline-flex h-8 w-5 shrink-0 cursor-grab items-center justify-center text-zinc-400 select-none active:cursor-grabbing dark:text-zinc-500"
    >
      <svg viewBox="0 0 20 20" className="h-4 w-4 fill-current">
        <path d="M7 4a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM7 8.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3ZM7 13a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Zm6 0a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3Z" />
      </svg>
    </span>
  );
}

/** Moves one item of a list to another index. */
export function moveItem<T>(items: T[], from: number, to: number): T[] {
  if (from === to || to < 0 || to >= items.length) return items;
  const next = [...items];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

/**
 * Drop-target props for the item at `index` of a list of `keys`: a dragged sibling lands here. A
 * key from another list is left to bubble to the list that owns it.
 */
export function dropTarget(keys: string[], index: number, onMove: (from: number, to: number) => void) {
  return {
    onDragOver: (e: DragEvent) => {
      if (e.dataTransfer.types.includes(DRAG_TYPE)) e.preventDefault();
    },
    onDrop: (e: DragEvent) => {
      const from = keys.indexOf(e.dataTransfer.getData(DRAG_TYPE));
      if (from === -1) return;
      e.preventDefault();
      e.stopPropagation();
      onMove(from, index);
    },
  };
}
