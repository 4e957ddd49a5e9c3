/** The site's temple mark, drawn inline so the top bar needs no image request. */
export function BrandMark() {
  return (
    <svg className="aq-brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#2b2420" />
      <path d="M6 26h20M8 23h16M9 12h14M16 5l9 5H7z" stroke="#c8963e" strokeWidth="2" fill="none" strokeLinejoin="round" />
      <path d="M10 13v9M14 13v9M18 13v9M22 13v9" stroke="#f3e7d0" strokeWidth="2" />
    </svg>
  );
}
