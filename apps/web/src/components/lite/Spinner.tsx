/** antd's four-dot spinner, drawn with CSS (styles.css, .portal-spinner). Decorative: the text beside it says what loads. */
export function Spinner({ size = 'middle', className }: { size?: 'small' | 'middle' | 'large'; className?: string }) {
  return (
    <span className={`portal-spinner portal-spinner-${size}${className ? ` ${className}` : ''}`} aria-hidden>
      <i />
      <i />
      <i />
      <i />
    </span>
  );
}
