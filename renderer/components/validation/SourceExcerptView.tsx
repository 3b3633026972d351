import { useTranslation } from 'react-i18next';
import type { SourceExcerpt } from '../../../shared/bridge';

/** The lines of the file around the one a rule points at, numbered, that line marked. */
export function SourceExcerptView({ excerpt }: { excerpt: SourceExcerpt }) {
  const { t } = useTranslation();
  const id = `source-${excerpt.line}`;
  return (
    <figure className="source-excerpt" aria-labelledby={id}>
      <figcaption id={id}>{t('validate.source', { line: excerpt.line })}</figcaption>
      <ol start={excerpt.from} className="source-lines">
        {excerpt.lines.map((text, i) => {
          const n = excerpt.from + i;
          const marked = n === excerpt.line;
          return (
            <li key={n} value={n} className={marked ? 'is-marked' : undefined} data-line={n}>
              <code>{text || ' '}</code>
              {marked && <span className="visually-hidden"> ({t('validate.sourceMarked')})</span>}
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
