import { randomInt } from 'node:crypto';

// No 0/O, 1/I/l: graphic codes people can read.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomCaptchaText(len = 5): string {
  let s = '';
  for (let i = 0; i < len; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** A small SVG graphic code: rotated glyphs over noise lines. */
export function captchaSvg(text: string, width = 120, height = 40): string {
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    const hue = randomInt(360);
    parts.push(
      `<path d="M${randomInt(width)} ${randomInt(height)} Q${randomInt(width)} ${randomInt(height)} ${randomInt(width)} ${randomInt(height)}" stroke="hsl(${hue},60%,55%)" stroke-width="1.5" fill="none"/>`,
    );
  }
  const step = width / (text.length + 1);
  [...text].forEach((ch, i) => {
    const x = Math.round(step * (i + 0.7));
    const y = 28 + randomInt(7) - 3;
    const rot = randomInt(40) - 20;
    const hue = randomInt(360);
    parts.push(
      `<text x="${x}" y="${y}" transform="rotate(${rot} ${x} ${y})" font-family="Verdana,Arial,sans-serif" font-size="24" font-weight="bold" fill="hsl(${hue},55%,35%)">${ch}</text>`,
    );
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f4f6fa"/>${parts.join('')}</svg>`;
}
