import { useState } from 'react';
import type { ExtraHelp, ExtraHelpItem } from '../../../common/result/model';
import type { CharityDetails } from '../../../common/site';
import { ExternalLink } from '../shared/ExternalLink';

export const HELPFUL_INFORMATION_TITLE = 'Helpful Information';
export const NO_EXTRA_HELP = 'We did not find any extra help to suggest from your answers. The links below may still help.';
/** Results lists show 4 items a page. */
export const EXTRA_HELP_ITEMS_PER_PAGE = 4;

export interface ExtraHelpCategory {
  name: string;
  items: ExtraHelpItem[];
}

/** The items grouped under their categories, in the order the server lists them. */
export function extraHelpCategories(extraHelp: ExtraHelp): ExtraHelpCategory[] {
  const categories: ExtraHelpCategory[] = [];
  for (const item of extraHelp.showExtraHelp ? extraHelp.extraHelps : []) {
    const category = categories.find((candidate) => candidate.name === item.category);
    if (category) category.items.push(item);
    else categories.push({ name: item.category, items: [item] });
  }
  return categories;
}

function ExtraHelpEntry({ item }: { item: ExtraHelpItem }) {
  return (
    <li className="extra-help__item">
      <h3 className="extra-help__title">{item.title}</h3>
      <p>{item.text}</p>
      <details className="benefit__details">
        <summary>
          {item.helpTitle}
          <span className="visually-hidden">: {item.title}</span>
        </summary>
        <p>{item.helpText}</p>
        {item.link && (
          <p>
            <ExternalLink href={item.link}>Find out more about {item.title}</ExternalLink>
          </p>
        )}
      </details>
    </li>
  );
}

/**
 * 'Extra help for you': a button per category with how many items it holds, the chosen category's
 * items with their help behind a summary, and the 'Helpful Information' links.
 */
export function ExtraHelpSection({ extraHelp, charity }: { extraHelp: ExtraHelp; charity: CharityDetails }) {
  const categories = extraHelpCategories(extraHelp);
  const [chosen, setChosen] = useState(categories[0]?.name ?? '');
  const [page, setPage] = useState(0);
  const category = categories.find((candidate) => candidate.name === chosen) ?? categories[0];
  const pages = Math.ceil((category?.items.length ?? 0) / EXTRA_HELP_ITEMS_PER_PAGE);
  const shown = category?.items.slice(page * EXTRA_HELP_ITEMS_PER_PAGE, (page + 1) * EXTRA_HELP_ITEMS_PER_PAGE) ?? [];
  const choose = (name: string) => {
    setChosen(name);
    setPage(0);
  };
  return (
    <>
      {categories.length === 0 ? (
        <p>{NO_EXTRA_HELP}</p>
      ) : (
        <>
          <p>Help that could be open to you, besides benefits. Choose a category to see what it offers.</p>
          <div className="extra-help__categories" role="group" aria-label="Categories of extra help">
            {categories.map((candidate) => (
              <button
                key={candidate.name}
                type="button"
                className="extra-help__category"
                aria-pressed={candidate.name === category.name}
                aria-controls="extra-help-items"
                onClick={() => choose(candidate.name)}
              >
                {candidate.name} <span className="extra-help__count">({candidate.items.length})</span>
              </button>
            ))}
          </div>
          <section id="extra-help-items" className="extra-help__items" aria-labelledby="extra-help-category-title">
            <h2 id="extra-help-category-title" className="result-block__title">
              {category.name}
            </h2>
            <ul className="extra-help__list">
              {shown.map((item) => (
                <ExtraHelpEntry key={item.name} item={item} />
              ))}
            </ul>
            {pages > 1 && (
              <nav className="extra-help__pages" aria-label={`Pages of ${category.name}`}>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={page === 0}
                  onClick={() => setPage(page - 1)}
                >
                  Previous<span className="visually-hidden"> page</span>
                </button>
                <p className="extra-help__page" aria-live="polite">
                  Page {page + 1} of {pages}
                </p>
                <button
                  type="button"
                  className="button button--secondary button--small"
                  disabled={page === pages - 1}
                  onClick={() => setPage(page + 1)}
                >
                  Next<span className="visually-hidden"> page</span>
                </button>
              </nav>
            )}
          </section>
        </>
      )}
      <section id="helpful-information" className="result-card" aria-labelledby="helpful-information-title">
        <h2 id="helpful-information-title" className="result-card__title">
          {HELPFUL_INFORMATION_TITLE}
        </h2>
        <ul>
          <li>
            <ExternalLink href={charity.resultsLinks.grantsSearch.url}>{charity.resultsLinks.grantsSearch.text}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={charity.informationPages.url}>{charity.informationPages.text}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={charity.homepageUrl}>Visit the {charity.name} website</ExternalLink>
          </li>
        </ul>
      </section>
    </>
  );
}
