import type { IconName } from '../icons';
import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

interface PlaceholderScreenProps {
  title: string;
  description: string;
  icon: IconName;
  /** The sections the finished screen will hold (spec §2), listed for the reader. */
  sections: readonly string[];
  emptyTitle: string;
  emptyText: string;
}

/** A screen that is not built yet: real header, what it will hold, and its empty state. */
export function PlaceholderScreen({ title, description, icon, sections, emptyTitle, emptyText }: PlaceholderScreenProps) {
  return (
    <div className="page">
      <PageHeader title={title} description={description} />
      {sections.length > 0 && (
        <ul className="chip-list" aria-label={`${title} sections`}>
          {sections.map((section) => (
            <li key={section} className="chip">
              {section}
            </li>
          ))}
        </ul>
      )}
      <EmptyState icon={icon} title={emptyTitle}>
        <p>{emptyText}</p>
      </EmptyState>
    </div>
  );
}
