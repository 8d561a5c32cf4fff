/**
 * An SVG snapshot shaped like Excalidraw's export (an embedded font, then one group per element),
 * as bench/canvas.bench.mjs builds it: 5,000 elements come to just under the snapshot size limit.
 */
export function svgSnapshot(n: number): string {
  const parts = [
    `<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 7000 2600" width="7000" height="2600"><!-- svg-source:excalidraw --><metadata></metadata><defs><style class="style-fonts">@font-face { font-family: Excalifont; src: url(data:font/woff2;base64,${'d09GMgABAAAA'.repeat(8000)}); }</style></defs><rect x="0" y="0" width="7000" height="2600" fill="#ffffff"></rect>`,
  ];
  for (let i = 0; i < n; i++) {
    const x = (i % 100) * 70;
    const y = Math.floor(i / 100) * 50;
    parts.push(
      i % 3 === 0
        ? `<g transform="translate(${x} ${y}) rotate(0 30 10)"><text x="0" y="17.6" font-family="Excalifont, Xiaolai, Segoe UI Emoji" font-size="16px" fill="#1e1e1e" text-anchor="start" style="white-space: pre;" direction="ltr" dominant-baseline="alphabetic">Note ${i}</text></g>`
        : `<g stroke-linecap="round" transform="translate(${x} ${y}) rotate(0 30 20)"><path d="M10 0 C24 0, 38 0, 50 0 M50 0 C56.6 0, 60 3.4, 60 10 M60 10 C60 20, 60 30, 60 30 M60 30 C60 36.6, 56.6 40, 50 40 M50 40 C36 40, 22 40, 10 40" stroke="#1e1e1e" stroke-width="1" fill="none"></path></g>`,
    );
  }
  return `${parts.join('')}</svg>`;
}
