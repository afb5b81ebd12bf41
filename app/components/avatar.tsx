/** Initials for an avatar: "Dana Scully" → "DS", "dana@x.org" → "DA". */
export function initialsOf(name: string | null | undefined, fallback = "?"): string {
  const source = (name ?? "").trim();
  if (!source) return fallback;
  const words = source.split(/[\s@._-]+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0]![0]! + words[1]![0]! : source.slice(0, 2);
  return letters.toUpperCase();
}

/** Round avatar: the image when `src` is set, else initials on a tinted background. */
export function Avatar({ name, src, size = "md" }: { name: string; src?: string | null; size?: "sm" | "md" }) {
  const dims = size === "sm" ? "h-7 w-7 text-xs" : "h-9 w-9 text-sm";
  if (src) return <img src={src} alt="" className={`${dims} shrink-0 rounded-full object-cover`} />;
  return (
    <span aria-hidden="true" className={`${dims} inline-flex shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700`}>
      {initialsOf(name)}
    </span>
  );
}
