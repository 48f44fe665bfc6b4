import Link from "next/link";

export function LogoMark({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden>
      <rect width="32" height="32" rx="7" className="fill-indigo-600 dark:fill-indigo-500" />
      <path d="M10 7v19" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M11 8h12l-3 4.5 3 4.5H11z" fill="#fff" />
    </svg>
  );
}

export function Logo() {
  return (
    <Link
      href="/"
      className="flex items-center gap-2 rounded-md font-semibold tracking-tight text-zinc-900 dark:text-zinc-50"
    >
      <LogoMark />
      <span>Ensign</span>
    </Link>
  );
}
