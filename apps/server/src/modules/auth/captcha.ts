import svgCaptcha from 'svg-captcha';

// No 0/O, 1/I/l: graphic codes people can read.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A graphic code a script cannot read from the markup: svg-captcha draws every glyph as a path
 * (outlines of a font, randomly placed, rotated and coloured) over noise lines; the SVG holds no
 * <text> and no answer characters. Answers the SVG and its text (to be stored as a hash only).
 */
export function createCaptcha(): { text: string; svg: string } {
  const c = svgCaptcha.create({
    size: 5,
    charPreset: ALPHABET,
    noise: 4,
    color: true,
    width: 120,
    height: 40,
    fontSize: 44,
    background: '#f4f6fa',
  });
  return { text: c.text, svg: c.data };
}
