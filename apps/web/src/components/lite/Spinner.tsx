/** antd's four-dot spinner, drawn with CSS (styles.css, .portal-spinner). Decorative: the text beside it says what loads. */
export function Spinner({ size = 'middle' }: { size?: 'small' | 'middle' | 'large' }) {
  return (
    <span className={`portal-spinner portal-spinner-${size}`} aria-hidden>
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
