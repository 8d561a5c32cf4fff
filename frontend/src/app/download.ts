/**
 * The one way the app saves a file: a link with `download` clicked for the user. `url` is an
 * object URL made here (given back once the browser has it) or an address of this site.
 */
export function saveAs(url: string, name: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  if (url.startsWith('blob:')) setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Saves `content` (text, or a file made here) as a download named `name`. */
export function download(name: string, content: string | Blob, type = 'text/plain') {
  saveAs(URL.createObjectURL(typeof content === 'string' ? new Blob([content], { type: `${type};charset=utf-8` }) : content), name);
}
