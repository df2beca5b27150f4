import type { LucideIcon } from 'lucide-react';

/** A page's title with its icon, and an optional line under it (placed inside the page's own header). */
export function PageTitle({
  icon: Icon,
  title,
  subtitle,
}: {
  icon: LucideIcon;
  title: string;
  subtitle?: string;
}) {
  return (
    <>
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight">
        <Icon className="size-8 text-brand" aria-hidden />
        {title}
      </h1>
      {subtitle && <p className="mt-1 text-muted">{subtitle}</p>}
    </>
  );
}
