import type { CSSProperties } from 'react';

/** The brand's logo image when it has one, else a lettered mark; with the title beside it. */
export function BrandMark({
  logo,
  title,
  dark = false,
  size = 32,
  style,
}: {
  logo?: string | null;
  title: string;
  dark?: boolean;
  size?: number;
  style?: CSSProperties;
}) {
  return (
    <span className="portal-brand" style={style}>
      {logo ? (
        <img src={logo} alt="" style={{ height: size, maxWidth: size * 4, objectFit: 'contain' }} />
      ) : (
        <span className="portal-brand-letter" style={{ width: size, height: size, fontSize: size * 0.5 }} aria-hidden>
          {title.trim().charAt(0).toUpperCase() || 'P'}
        </span>
      )}
      <span className={`portal-brand-title${dark ? ' is-dark' : ''}`} style={{ fontSize: size >= 32 ? 18 : 16 }}>
        {title}
      </span>
    </span>
  );
}
