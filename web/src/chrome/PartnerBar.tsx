import type { PartnerDefinition } from '../../../common/site';

/**
 * The top of a partner's portal (definitions/partners): its logo and name, its own helpline and links, on its accent
 * colour (which the loader has checked is readable with white text).
 */
export function PartnerBar({ partner }: { partner: PartnerDefinition }) {
  return (
    <div className="partner-bar" role="region" aria-label={`${partner.name}, in partnership`}>
      <img className="partner-bar__logo" src={partner.logo} alt={partner.name} height={40} />
      <p className="partner-bar__helpline">
        {partner.name} helpline: <a href={`tel:${partner.helpline.phoneNumber.replace(/\s+/g, '')}`}>{partner.helpline.phoneNumber}</a>{' '}
        <span className="partner-bar__hours">({partner.helpline.openingHours})</span>
      </p>
      {partner.links.length > 0 && (
        <ul className="partner-bar__links">
          {partner.links.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_top">
                {link.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
