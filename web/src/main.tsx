import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { redirectFor } from './app/routes';
import { reportHeightToParent, requestParentScroll } from './embed/parent-window';
import { readSiteConfig } from './site/site-config';
import './styles.css';

const redirect = redirectFor(window.location.pathname);
if (redirect) window.history.replaceState(null, '', `${redirect}${window.location.search}${window.location.hash}`);

const root = document.getElementById('root')!;
createRoot(root).render(
  <StrictMode>
    <App site={readSiteConfig()} location={window.location} />
  </StrictMode>,
);

// Inside a partner's iframe: keep the frame as tall as the content, and bring each new page into view.
reportHeightToParent(window, root);
requestParentScroll(window);
