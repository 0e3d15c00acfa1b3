/** The adviser screens' breadcrumb: links, then the current page, which is not a link. */
export function Breadcrumb({ links, current }: { links: { text: string; href: string }[]; current: string }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol className="breadcrumb__list">
        {links.map((link) => (
          <li key={link.href} className="breadcrumb__item">
            <a href={link.href}>{link.text}</a>
          </li>
        ))}
        <li className="breadcrumb__item" aria-current="page">
          {current}
        </li>
      </ol>
    </nav>
  );
}
