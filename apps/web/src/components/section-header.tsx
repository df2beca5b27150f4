import type { ReactNode } from 'react';

/** A section title with an optional icon and a right-aligned action (e.g. "View All"). */
export function SectionHeader({
  title,
  icon,
  action,
  id,
}: {
  title: string;
  icon?: ReactNode;
  action?: ReactNode;
  id?: string;
}) {
  return (
    <div className="mb-4 flex items-center justify-between gap-4">
      <h2 id={id} className="flex items-center gap-2.5 text-xl font-bold tracking-tight">
        {icon}
        {title}
      </h2>
      {action}
    </div>
  );
}
