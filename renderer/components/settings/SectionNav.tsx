import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PageSection {
  id: string;
  label: string;
}

/**
 * Brings a section of the page into view and moves focus to its heading, so the keyboard and a screen
 * reader go on from there. The address is left alone: it says which page, not where on it.
 */
export function jumpTo(id: string): void {
  const section = document.getElementById(id);
  if (!section) return;
  section.scrollIntoView({ block: 'start' });
  section.querySelector<HTMLElement>('h2, h3')?.focus({ preventScroll: true });
}

/** "On this page": the page's sections as links, in the settings' side column. */
export function SectionNav({ sections }: { sections: readonly PageSection[] }) {
  const { t } = useTranslation();
  return (
    <nav className="section-nav" aria-labelledby="section-nav-title">
      <h2 className="nav-heading" id="section-nav-title">
        {t('settingsNav.onThisPage')}
      </h2>
      <ul>
        {sections.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              onClick={(e) => {
                e.preventDefault();
                jumpTo(s.id);
              }}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A section of a settings page: its heading is where "On this page" takes the focus. */
export function SettingsSection({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={`card settings-section ${className ?? ''}`}>
      <h3 id={`${id}-title`} tabIndex={-1}>
        {title}
      </h3>
      {children}
    </section>
  );
}
