import type { CSSProperties, ReactNode } from 'react';
import type { PartnerDefinition, SiteConfig } from '../../../common/site';
import type { ChromeVisibility } from '../site/chrome';
import { ChatWidget } from './ChatWidget';
import { PartnerBar } from './PartnerBar';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { SkipLinks } from './SkipLinks';

interface Props {
  site: SiteConfig;
  chrome: ChromeVisibility;
  partner: PartnerDefinition | null;
  /** Shown in this partner's portal, as the server recognised it (web/src/site/portal.ts). */
  isPortal: boolean;
  location: Pick<Location, 'pathname' | 'search'>;
  children: ReactNode;
}

/** The frame of every page: the charity's own chrome around the content, or just the content in a portal. */
export function SiteLayout({ site, chrome, partner, isPortal, location, children }: Props) {
  const portalPartner = isPortal ? partner : null;
  // A partner's checkbox icons: the tick colour and box shape, used by every checkbox on the page; in its portal,
  // its accent colour for the buttons too.
  const partnerStyle = partner
    ? ({
        '--checkbox-colour': partner.checkboxIcon.colour,
        ...(portalPartner && { '--colour-brand': portalPartner.accentColour, '--colour-brand-dark': portalPartner.accentColour }),
      } as CSSProperties)
    : undefined;
  return (
    <div
      id="top"
      className={chrome.footer ? 'site site--with-footer' : 'site'}
      data-partner={partner?.id}
      data-checkbox-shape={partner?.checkboxIcon.shape}
      style={partnerStyle}
    >
      {chrome.header && <SkipLinks hasFooter={chrome.footer} />}
      {chrome.header && <SiteHeader charity={site.charity} location={location} />}
      {portalPartner && <PartnerBar partner={portalPartner} />}
      <main id="main-content" className="site__main" tabIndex={-1}>
        {children}
      </main>
      {chrome.footer && <SiteFooter charity={site.charity} />}
      {chrome.chat && site.chatScriptUrl && <ChatWidget scriptUrl={site.chatScriptUrl} />}
    </div>
  );
}
