import { useId } from 'react';
import type { CharityDetails, SiteLink } from '../../../common/site';
import { FundraisingRegulatorBadge } from './FundraisingRegulatorBadge';

function LinkList({ label, links }: { label: string; links: SiteLink[] }) {
  return (
    <nav aria-label={label}>
      <ul>
        {links.map((link) => (
          <li key={link.url}>
            <a href={link.url}>{link.text}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter({ charity }: { charity: CharityDetails }) {
  const emailId = useId();
  return (
    <footer className="site-footer" id="site-footer">
      <section className="site-footer__signup" aria-labelledby={`${emailId}-heading`}>
        <h2 id={`${emailId}-heading`}>Sign up to our mailing list</h2>
        <p>Hear about our work, the help we offer and how you can support it.</p>
        {/* The charity's mailing provider keeps the list: the address goes straight there, not to this product. */}
        <form className="signup-form" action={charity.mailingListSignupUrl} method="post" target="_blank">
          <label htmlFor={emailId}>Email address</label>
          <input id={emailId} name="email" type="email" autoComplete="email" required />
          <button type="submit" className="button">
            Sign up
          </button>
        </form>
      </section>
      <LinkList label="Footer" links={charity.footerLinks} />
      <LinkList label="Social media" links={charity.socialLinks} />
      <p className="site-footer__back-to-top">
        <a href="#top">Back to top</a>
      </p>
      <div className="site-footer__legal">
        <a href={charity.fundraisingRegulatorUrl}>
          <FundraisingRegulatorBadge />
        </a>
        <p>{charity.registration}</p>
        <p>
          © {charity.copyrightYear} {charity.name}
        </p>
      </div>
    </footer>
  );
}
