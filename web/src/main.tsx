import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { redirectFor } from './app/routes';
import { reportHeightToParent, requestParentScroll } from './embed/parent-window';
import { searchWithoutUnrecognisedPortal } from './site/portal';
import { readSiteConfig } from './site/site-config';
import './styles.css';

const site = readSiteConfig();
const redirect = redirectFor(window.location.pathname);
// Only the server can tell that the page is inside the partner's own frame: a portal it did not recognise is dropped.
const search = searchWithoutUnrecognisedPortal(window.location.search, site);
if (redirect || search !== null)
  window.history.replaceState(
    null,
    '',
    `${redirect ?? window.location.pathname}${search ?? window.location.search}${window.location.hash}`,
  );

const root = document.getElementById('root')!;
createRoot(root).render(
  <StrictMode>
    <App site={site} location={window.location} />
  </StrictMode>,
);

// Inside a partner's iframe: keep the frame as tall as the content, and bring each new page into view.
reportHeightToParent(window, root);
requestParentScroll(window);
