import { ErrorPage } from '../shared/ErrorPage';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { NotFoundPage } from '../shared/NotFoundPage';
import { currentPage, NoAccessPage } from './NoAccessPage';

/** What an adviser screen shows before, or instead of, its content. */
export type NotShown = { kind: 'loading' } | { kind: 'noAccess' } | { kind: 'error' } | { kind: 'notFound' };

/** An adviser screen's state: one of those, or shown with what it shows. */
export type ScreenView<Shown extends object = object> = NotShown | ({ kind: 'shown' } & Shown);

/** The spinner, No Access, the generic error or Not Found, for a screen whose content is not shown. */
export function NotShownScreen({ view }: { view: NotShown }) {
  switch (view.kind) {
    case 'loading':
      return <LoadingSpinner />;
    case 'noAccess':
      return <NoAccessPage returnUrl={currentPage()} />;
    case 'error':
      return <ErrorPage />;
    case 'notFound':
      return <NotFoundPage />;
  }
}
