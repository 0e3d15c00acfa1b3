/** The 'registered with the Fundraising Regulator' mark, drawn here rather than fetched from elsewhere. */
export function FundraisingRegulatorBadge() {
  return (
    <svg className="fundraising-badge" viewBox="0 0 200 52" role="img" aria-labelledby="fundraising-badge-title" width="200" height="52">
      <title id="fundraising-badge-title">Registered with the Fundraising Regulator</title>
      <rect x="1" y="1" width="198" height="50" rx="4" fill="#ffffff" stroke="#1b1b1b" strokeWidth="2" />
      <text x="12" y="20" fontFamily="Arial, sans-serif" fontSize="11" fill="#1b1b1b">
        Registered with
      </text>
      <text x="12" y="38" fontFamily="Arial, sans-serif" fontSize="13" fontWeight="700" fill="#1b1b1b">
        FUNDRAISING REGULATOR
      </text>
    </svg>
  );
}
