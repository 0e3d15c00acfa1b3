import type { ReactNode } from 'react';
import type { HeaderType } from '../../../common/survey/model';

/** One simple line drawing per header type; Normal has none. 24x24, drawn in the current colour. */
const ICONS: Record<Exclude<HeaderType, 'Normal'>, ReactNode> = {
  Calculator: (
    <>
      <rect x="5" y="2.5" width="14" height="19" rx="2" />
      <rect x="8" y="5.5" width="8" height="4" />
      <path d="M8 13h2M14 13h2M8 17h2M14 17h2" />
    </>
  ),
  Benefits: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M14.5 8.2a2.6 2.6 0 0 0-4.6 1.8V16M8.5 12.5h5M8.5 16h7" />
    </>
  ),
  Health: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 7v10M7 12h10" />
    </>
  ),
  Carer: <path d="M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.5 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10z" />,
  Children: (
    <>
      <circle cx="8" cy="7" r="2.5" />
      <circle cx="16.5" cy="9" r="2" />
      <path d="M4 20v-4a4 4 0 0 1 8 0v4M13 20v-3a3.5 3.5 0 0 1 7 0v3" />
    </>
  ),
  Home: <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-6h3v6h5V9.5" />,
  Money: (
    <>
      <ellipse cx="12" cy="6.5" rx="7" ry="2.5" />
      <path d="M5 6.5v5c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-5M5 11.5v5c0 1.4 3.1 2.5 7 2.5s7-1.1 7-2.5v-5" />
    </>
  ),
  Capital: <path d="M3 9.5 12 4l9 5.5M4.5 9.5h15M6 10v7M10 10v7M14 10v7M18 10v7M3.5 20h17M4.5 17.5h15" />,
  TaxCredits: (
    <>
      <path d="M6 2.5h9l4 4V21.5H6z" />
      <path d="M14.5 10a2 2 0 0 0-3.5 1.3V17M9.5 14h4M9.5 17h5.5" />
    </>
  ),
  Results: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="m7.5 12.5 3 3 6-6.5" />
    </>
  ),
};

/** The page's header icon; decorative, so screen readers skip it. */
export function HeaderIcon({ type }: { type: HeaderType }) {
  if (type === 'Normal' || !(type in ICONS)) return null;
  return (
    <svg
      className={`survey-header__icon survey-header__icon--${type.toLowerCase()}`}
      viewBox="0 0 24 24"
      width="48"
      height="48"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-header-type={type}
    >
      {ICONS[type as Exclude<HeaderType, 'Normal'>]}
    </svg>
  );
}
