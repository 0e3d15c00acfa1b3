import { useId, useState, useSyncExternalStore } from 'react';
import type { CharityDetails } from '../../../common/site';
import { adviserSignedIn, subscribeToAccountChanges } from '../account/account-state';

/** The member-area login, told which page to come back to. */
export function memberLoginHref(login: CharityDetails['memberLogin'], location: Pick<Location, 'pathname' | 'search'>): string {
  const separator = login.url.includes('?') ? '&' : '?';
  return `${login.url}${separator}${encodeURIComponent(login.returnUrlParameter)}=${encodeURIComponent(location.pathname + location.search)}`;
}

export function SiteHeader({ charity, location }: { charity: CharityDetails; location: Pick<Location, 'pathname' | 'search'> }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const navigationId = useId();
  const signedIn = useSyncExternalStore(subscribeToAccountChanges, adviserSignedIn);
  return (
    <header className="site-header">
      <div className="site-header__bar">
        <a className="site-header__home" href={charity.homepageUrl}>
          {charity.name}
        </a>
        <a className="button button--donate" href={charity.donateUrl}>
          Donate
        </a>
        <button
          type="button"
          className="site-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={navigationId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? 'Close menu' : 'Menu'}
        </button>
      </div>
      <nav id={navigationId} className={`main-navigation${menuOpen ? ' main-navigation--open' : ''}`} aria-label="Main">
        <ul>
          {charity.navigation.map((link) => (
            <li key={link.url}>
              <a href={link.url}>{link.text}</a>
            </li>
          ))}
          <li>
            <a href={memberLoginHref(charity.memberLogin, location)}>
              {signedIn ? charity.memberLogin.signedInText : charity.memberLogin.text}
            </a>
          </li>
        </ul>
      </nav>
    </header>
  );
}
